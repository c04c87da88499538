import type { Executor } from "../db/schema.ts";

export async function insertConfirmation(
  executor: Executor,
  row: { orderId: number; tokenHash: string; askedAt: number },
): Promise<void> {
  await executor.insertInto("codConfirmations").values(row).execute();
}

export async function findConfirmationOfOrder(executor: Executor, orderId: number) {
  return executor.selectFrom("codConfirmations").selectAll().where("orderId", "=", orderId).executeTakeFirst();
}

export async function findConfirmationByTokenHash(executor: Executor, tokenHash: string) {
  return executor.selectFrom("codConfirmations").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
}

/** Records the answer, if none was given first: one statement, so of two answers at once one wins. */
export async function answerConfirmation(
  executor: Executor,
  orderId: number,
  answer: { answer: "confirmed" | "cancelled"; answeredBy: string; at: number },
): Promise<boolean> {
  const result = await executor
    .updateTable("codConfirmations")
    .set({ answer: answer.answer, answeredBy: answer.answeredBy, answeredAt: answer.at })
    .where("orderId", "=", orderId)
    .where("answeredAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findConfirmationsOf(executor: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return executor
    .selectFrom("codConfirmations")
    .select(["orderId", "askedAt", "answer", "answeredAt", "answeredBy"])
    .where("orderId", "in", orderIds)
    .execute();
}
