import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/*
 * A full-text index with ranking. Products keep their words for it in four columns by weight (title;
 * type and category; fabric; description), folded in TypeScript to one spelling and the singular.
 * Only live products are indexed, by triggers on products, so every product write changes the index
 * in its own transaction. SQLite: an FTS5 table ranked by bm25, whose rowid carries the product's
 * standing (in stock, sales) above its id. PostgreSQL: a narrow table of tsvectors (title A, type and
 * category B, fabric C, description D) with a GIN index and the standing.
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

/**
 * Where a product stands apart from the words: in stock (32) plus its sales' bit length, 0 to 31
 * (0 sold: 0; 1: 1; 2–3: 2; 4–7: 3…), as an SQL expression of a row (`new` or `old`).
 */
function standing(row: string): string {
  const steps = Array.from({ length: 31 }, (_, index) => 31 - index).map(
    (bits) => `when ${row}.sold_count >= ${2 ** (bits - 1)} then ${bits}`,
  );
  return `(${row}.in_stock * 32 + (case ${steps.join(" ")} else 0 end))`;
}

/** The FTS row's id: the standing above the product's id, so that rowid order is ranking order. */
const ftsKey = (row: string) => `(${standing(row)} * 4294967296 + ${row}.id)`;

// biome-ignore lint/suspicious/noExplicitAny: as above.
async function sqliteIndex(db: Kysely<any>): Promise<void> {
  await sql`create virtual table products_fts using fts5(
    title, kind, fabric, description, tokenize = 'unicode61', prefix = '2 3'
  )`.execute(db);
  const insert = (row: string) =>
    `insert into products_fts(rowid, title, kind, fabric, description)
      select ${ftsKey(row)}, ${row}.search_title, ${row}.search_kind, ${row}.search_fabric, ${row}.search_description
      where ${row}.archived = 0;`;
  await sql.raw(`create trigger products_fts_insert after insert on products begin ${insert("new")} end`).execute(db);
  // A sale moves a product's row only when its sales pass a power of two.
  await sql
    .raw(`create trigger products_fts_update
    after update of search_title, search_kind, search_fabric, search_description, archived, in_stock, sold_count on products
    when old.archived <> new.archived or old.search_title <> new.search_title or old.search_kind <> new.search_kind
      or old.search_fabric <> new.search_fabric or old.search_description <> new.search_description
      or ${ftsKey("old")} <> ${ftsKey("new")}
    begin
      delete from products_fts where rowid = ${ftsKey("old")};
      ${insert("new")}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger products_fts_delete after delete on products begin
    delete from products_fts where rowid = ${ftsKey("old")};
  end`)
    .execute(db);
  await sql
    .raw(`insert into products_fts(rowid, title, kind, fabric, description)
    select ${ftsKey("products")}, search_title, search_kind, search_fabric, search_description from products where archived = 0`)
    .execute(db);
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

/*
 * PostgreSQL: live products' vectors in a narrow table of their own, so that a common word reads a
 * few thousand small pages rather than every matching product's wide row.
 */
// biome-ignore lint/suspicious/noExplicitAny: as above.
async function postgresIndex(db: Kysely<any>): Promise<void> {
  await sql`create table product_search (
    id integer primary key references products (id) on delete cascade,
    standing integer not null,
    vector tsvector not null
  )`.execute(db);
  await sql`create index product_search_vector on product_search using gin (vector)`.execute(db);
  // A common word's page walks this and stops: it need not rank every product that has the word.
  await sql`create index product_search_standing on product_search (standing desc, id desc)`.execute(db);
  const vector = (row: string) => `setweight(to_tsvector('simple', ${row}.search_title), 'A') ||
      setweight(to_tsvector('simple', ${row}.search_kind), 'B') ||
      setweight(to_tsvector('simple', ${row}.search_fabric), 'C') ||
      setweight(to_tsvector('simple', ${row}.search_description), 'D')`;
  await sql
    .raw(`create or replace function products_search_document() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from product_search where id = old.id;
        return null;
      end if;
      if new.archived <> 0 then
        delete from product_search where id = new.id;
        return null;
      end if;
      if tg_op = 'UPDATE' and old.archived = new.archived and old.search_title = new.search_title
        and old.search_kind = new.search_kind and old.search_fabric = new.search_fabric
        and old.search_description = new.search_description and ${standing("old")} = ${standing("new")} then
        return null;
      end if;
      insert into product_search (id, standing, vector) values (new.id, ${standing("new")}, ${vector("new")})
        on conflict (id) do update set standing = excluded.standing, vector = excluded.vector;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger products_search_document after insert or update or delete on products
    for each row execute function products_search_document()`.execute(db);
  await sql
    .raw(`insert into product_search (id, standing, vector)
    select id, ${standing("products")}, ${vector("products")} from products where archived = 0`)
    .execute(db);
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
