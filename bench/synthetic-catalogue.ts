import { sql } from "kysely";
import { flagRecord } from "#core/collections.ts";
import type { Size } from "#core/sizes.ts";
import { proposeSku } from "#core/sku.ts";
import { productColumns } from "#server/catalog/catalog-admin.service.ts";
import { engineOf } from "#server/db/database.ts";
import type { Db, NewProductRow } from "#server/db/schema.ts";
import { type DemoProduct, loadDemoCatalogue } from "#server/demo/demo-catalogue.ts";

const DEMO_CATALOGUE = loadDemoCatalogue();

const ADJECTIVES = [
  "Festive",
  "Everyday",
  "Classic",
  "Pastel",
  "Royal",
  "Summer",
  "Handwoven",
  "Printed",
  "Embroidered",
  "Minimal",
];

/** A small seeded generator, so every run loads the same catalogue. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}

/**
 * Loads `count` products modelled on the demo catalogue (same categories, types, fabrics and flags;
 * varied titles and prices), in batches, with their sizes.
 */
export async function loadSyntheticCatalogue(db: Db, count: number): Promise<void> {
  const next = random(count);
  const batch = 400;
  const now = Date.now();
  for (let start = 0; start < count; start += batch) {
    await db.transaction().execute(async (trx) => {
      const rows: NewProductRow[] = [];
      const templates: DemoProduct[] = [];
      for (let index = start; index < Math.min(count, start + batch); index++) {
        const template = DEMO_CATALOGUE[Math.floor(next() * DEMO_CATALOGUE.length)] ?? DEMO_CATALOGUE[0];
        if (!template) throw new Error("The demo catalogue is empty.");
        templates.push(template);
        const adjective = ADJECTIVES[Math.floor(next() * ADJECTIVES.length)];
        const price = Math.max(19_900, Math.round((template.rupees * (0.6 + next() * 0.8)) / 10) * 1000);
        rows.push({
          ...productColumns({
            title: `${adjective} ${template.title} No. ${index + 1}`,
            price,
            images: ["products/synthetic"],
            category: template.category,
            type: template.type,
            fabric: template.fabric,
            hsn: template.hsn,
            description: template.description,
            description1: template.description1,
            flags: flagRecord(template.collections),
            nonReturnable: false,
            sizes: [],
          }),
          handle: `synthetic-${now}-${index + 1}`,
          createdAt: now - index * 1000,
          updatedAt: now,
        });
      }
      const inserted = await trx.insertInto("products").values(rows).returning("id").execute();
      const sizes = inserted.flatMap((row, position) =>
        Object.entries(templates[position]?.stock ?? {}).map(([size, stock], order) => ({
          productId: row.id,
          size,
          stock: Number(stock ?? 0),
          position: order,
          sku: proposeSku(row.id, size as Size),
        })),
      );
      await trx.insertInto("productSizes").values(sizes).execute();
      // Stock is the sum of its movements (record 46): each size opens with a count.
      await trx
        .insertInto("stockMovements")
        .values(
          sizes.map((size) => ({
            productId: size.productId,
            size: size.size,
            reason: "count" as const,
            quantity: size.stock,
            stockAfter: size.stock,
            note: null,
            userId: null,
            byName: "Shop",
            orderId: null,
            returnId: null,
            createdAt: now,
          })),
        )
        .execute();
    });
  }
  // Fresh statistics, as a running database would have, so the planners choose as they would.
  if (engineOf(db) === "postgres") await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
}
