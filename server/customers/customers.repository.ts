import type { Executor } from "../db/schema.ts";

/* The staff's notes on customers, by the customer's e-mail key (record 45). */

export async function insertCustomerNote(
  executor: Executor,
  note: { customerKey: string; authorId: string | null; author: string; body: string; createdAt: number },
): Promise<void> {
  await executor.insertInto("customerNotes").values(note).execute();
}

export async function findCustomerNotes(executor: Executor, customerKey: string) {
  return executor
    .selectFrom("customerNotes")
    .select(["id", "author", "body", "createdAt"])
    .where("customerKey", "=", customerKey)
    .orderBy("id", "desc")
    .execute();
}
