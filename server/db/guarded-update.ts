import type { UpdateResult } from "kysely";

/**
 * Runs an update whose where clauses guard it (stock left, points enough, a status or a code not
 * yet changed) and tells whether it changed its one row. Check and change are one statement, so of
 * two requests racing for the same row exactly one wins; false means this one lost, or the guard
 * refused.
 */
export async function changedOneRow(update: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> {
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
