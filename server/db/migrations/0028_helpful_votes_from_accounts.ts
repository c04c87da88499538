import { type Kysely, sql } from "kysely";

/**
 * "Was this helpful?" counts accounts' votes only (record 33): a visitor could post again and again,
 * each time with a fresh guest cookie, and each post was a vote. The visitors' votes go, and every
 * review's count is made again from the votes that remain.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from review_votes where voter not like 'user:%'`.execute(db);
  await sql`
    update reviews set helpful_count = (
      select count(*) from review_votes where review_votes.review_id = reviews.id
    )`.execute(db);
}
