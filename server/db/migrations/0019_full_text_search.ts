import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/*
 * A full-text index with ranking. Products keep their words for it in four columns by weight (title;
 * type and category; fabric; description), folded in TypeScript to one spelling and the singular.
 * SQLite: an FTS5 table ranked by bm25, filled by triggers on products, so every product write
 * changes the index in its own transaction; only live products are in it. PostgreSQL: a stored
 * generated tsvector (title A, type and category B, fabric C, description D) with a GIN index,
 * computed by the same statement that writes the row.
 *
 * Products also gain in_stock (any size with stock), kept by triggers on product_sizes, so that
 * ranking can put sold-out products last without reading their sizes. Searches are logged in
 * search_log, and the administrator's synonyms live in search_synonyms.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  for (const column of ["search_title", "search_kind", "search_fabric", "search_description"]) {
    await db.schema
      .alterTable("products")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema
    .alterTable("products")
    .addColumn("in_stock", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillWords(db);
  await sql`update products set in_stock = 1
    where exists (select 1 from product_sizes where product_sizes.product_id = products.id and product_sizes.stock > 0)`.execute(
    db,
  );

  await db.schema
    .createTable("search_synonyms")
    .addColumn("word", "text", (c) => c.primaryKey())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("search_log")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("query", "text", (c) => c.notNull())
    .addColumn("result_count", "integer", (c) => c.notNull())
    .addColumn("took_ms", "integer", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_log_at").on("search_log").columns(["at", "query"]).execute();

  if (engine === "sqlite") await sqliteIndex(db);
  else await postgresIndex(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
async function sqliteIndex(db: Kysely<any>): Promise<void> {
  await sql`create virtual table products_fts using fts5(
    title, kind, fabric, description, tokenize = 'unicode61', prefix = '2 3'
  )`.execute(db);
  await sql`create trigger products_fts_insert after insert on products when new.archived = 0 begin
    insert into products_fts(rowid, title, kind, fabric, description)
      values (new.id, new.search_title, new.search_kind, new.search_fabric, new.search_description);
  end`.execute(db);
  await sql`create trigger products_fts_update
    after update of search_title, search_kind, search_fabric, search_description, archived on products begin
    delete from products_fts where rowid = old.id;
    insert into products_fts(rowid, title, kind, fabric, description)
      select new.id, new.search_title, new.search_kind, new.search_fabric, new.search_description where new.archived = 0;
  end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    delete from products_fts where rowid = old.id;
  end`.execute(db);
  await sql`insert into products_fts(rowid, title, kind, fabric, description)
    select id, search_title, search_kind, search_fabric, search_description from products where archived = 0`.execute(
    db,
  );
  // What ranking reads of each match, narrow: a search of the whole shop reads this, not the wide rows.
  await sql`create index products_search_standing on products (id, in_stock, sold_count) where archived = 0`.execute(
    db,
  );
  const inStock = (id: string) =>
    sql.raw(`update products set in_stock = exists(select 1 from product_sizes where product_id = ${id} and stock > 0)
      where id = ${id} and in_stock <> exists(select 1 from product_sizes where product_id = ${id} and stock > 0);`);
  await sql`create trigger product_sizes_stock_insert after insert on product_sizes begin ${inStock("new.product_id")} end`.execute(
    db,
  );
  await sql`create trigger product_sizes_stock_update after update of stock, product_id on product_sizes begin
    ${inStock("new.product_id")} ${inStock("old.product_id")} end`.execute(db);
  await sql`create trigger product_sizes_stock_delete after delete on product_sizes begin ${inStock("old.product_id")} end`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
async function postgresIndex(db: Kysely<any>): Promise<void> {
  await sql`alter table products add column search_vector tsvector generated always as (
    setweight(to_tsvector('simple', search_title), 'A') ||
    setweight(to_tsvector('simple', search_kind), 'B') ||
    setweight(to_tsvector('simple', search_fabric), 'C') ||
    setweight(to_tsvector('simple', search_description), 'D')
  ) stored`.execute(db);
  await sql`create index products_search_vector on products using gin (search_vector) where archived = 0`.execute(db);
  await sql`create or replace function product_sizes_in_stock() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        update products set in_stock = case when exists(
          select 1 from product_sizes where product_id = old.product_id and stock > 0) then 1 else 0 end
        where id = old.product_id;
      end if;
      if tg_op <> 'DELETE' then
        update products set in_stock = case when exists(
          select 1 from product_sizes where product_id = new.product_id and stock > 0) then 1 else 0 end
        where id = new.product_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_sizes_in_stock after insert or update of stock, product_id or delete on product_sizes
    for each row execute function product_sizes_in_stock()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
async function backfillWords(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "title", "category", "type", "fabric", "description", "description_1"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await db
        .updateTable("products")
        .set({
          search_title: words(row.title),
          search_kind: words(`${row.type} ${row.category}`),
          search_fabric: words(row.fabric ?? ""),
          search_description: words(`${row.description} ${row.description_1}`).split(" ").slice(0, 200).join(" "),
        })
        .where("id", "=", row.id)
        .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/*
 * Frozen here as they were when this migration was written: the folding of that day, Devanagari
 * aside (no product had any). Products saved later are folded by the live code.
 */
const SPELLINGS = new Map(
  Object.entries({
    kurti: "kurta",
    kurtee: "kurta",
    kurtha: "kurta",
    sari: "saree",
    saaree: "saree",
    saari: "saree",
    lehnga: "lehenga",
    lengha: "lehenga",
    lehanga: "lehenga",
    lahanga: "lehenga",
    lehangha: "lehenga",
    ghagra: "lehenga",
    ghaghra: "lehenga",
    duppata: "dupatta",

    dupptta: "dupatta",
    chunni: "dupatta",
    chunri: "dupatta",
    chunari: "dupatta",
    odhni: "dupatta",
    jhumki: "jhumka",
    jhumkay: "jhumka",
    tee: "tshirt",
    tshirt: "tshirt",
    jutee: "jutti",
    juti: "jutti",
    mojari: "jutti",
    mojri: "jutti",
    salwar: "shalwar",
    salvar: "shalwar",
    shalvar: "shalwar",
    kameej: "kameez",
    qameez: "kameez",
    palazzos: "palazzo",
    plazo: "palazzo",
    handbag: "bag",
    purse: "bag",
    pant: "trouser",
    churidaar: "churidar",
  }),
);
const SINGULAR_S = new Set(["dress", "glass", "sunglass", "jeans", "lens", "canvas", "bus", "chiffon"]);

function singular(word: string): string {
  if (SINGULAR_S.has(word) || word.length <= 3 || /^\d/.test(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

function canonical(word: string): string {
  const plain = word.replace(/[^\p{L}\p{N}]/gu, "");
  const direct = SPELLINGS.get(plain);
  if (direct) return direct;
  const one = singular(plain);
  return SPELLINGS.get(one) ?? one;
}

function words(text: string): string {
  const plain = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const raw = plain.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  const all = raw.flatMap((word) =>
    word.includes("-") ? [canonical(word), ...word.split("-").map(canonical)] : [canonical(word)],
  );
  return [...new Set(all.filter((word) => word.length > 0))].join(" ");
}
