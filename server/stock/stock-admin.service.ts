import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { assertCan } from "../access.ts";
import { productSubject, recordAudit } from "../audit/audit.service.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation/fields.ts";
import { findRecentMovements, findSizeStock, sumMovements } from "./stock.repository.ts";
import { countStock, moveSizeStock, stockByOf } from "./stock.service.ts";

/*
 * The admin's hand on stock (record 46): pieces received, a correction (which must say why), and a
 * count of what is on the shelf. Each is one movement with the admin's name, in one transaction.
 */

/** How many movements of each size the stock screen shows. */
export const MOVEMENTS_PER_SIZE = 20;

const MAX_PIECES = 1_000_000;

export const stockAdjustmentSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("received"),
    size: z.string().min(1),
    quantity: z.number().int().min(1, "Received: at least 1 piece.").max(MAX_PIECES),
    note: z.string().trim().max(200).optional(),
  }),
  z.object({
    kind: z.literal("correction"),
    size: z.string().min(1),
    quantity: z
      .number()
      .int()
      .min(-MAX_PIECES)
      .max(MAX_PIECES)
      .refine((value) => value !== 0, "A correction moves at least one piece, in or out (-2 takes two off)."),
    note: z
      .string()
      .trim()
      .min(3, "Say why the stock is corrected (damaged, lost, found…).")
      .max(200, "The reason must be at most 200 characters."),
  }),
  z.object({
    kind: z.literal("count"),
    size: z.string().min(1),
    quantity: z.number().int().min(0, "A count is 0 or more pieces.").max(MAX_PIECES),
    note: z.string().trim().max(200).optional(),
  }),
]);
export type StockAdjustment = z.input<typeof stockAdjustmentSchema>;

/** Applies one adjustment of a size's stock; answers the stock after it (the caller says the catalogue changed). */
export async function adjustStock(
  db: Db,
  actor: Actor,
  product: { id: number; title: string },
  input: StockAdjustment,
  now: number = Date.now(),
): Promise<number> {
  assertCan(actor, "products.edit");
  const adjustment = parseInput(stockAdjustmentSchema, input);
  const by = stockByOf(actor);
  const note = adjustment.note || null;
  const productId = product.id;
  const stock = await db.transaction().execute(async (trx) => {
    const size = await findSizeStock(trx, productId, adjustment.size);
    if (!size) throw new AppError("not-found", "This product has no such size.");
    if (adjustment.kind === "count") {
      await countStock(
        trx,
        { productId, size: adjustment.size, counted: adjustment.quantity },
        { reason: "count", by, note, now },
      );
      return adjustment.quantity;
    }
    const moved = await moveSizeStock(
      trx,
      { productId, size: adjustment.size, change: adjustment.quantity },
      { reason: adjustment.kind, by, note, now },
    );
    if (!moved) {
      throw new AppError(
        "validation-failed",
        `Size ${adjustment.size} has ${size.stock} pieces: a correction cannot take it below zero.`,
        { quantity: "Too many pieces taken off." },
      );
    }
    await auditAdjustment(trx, actor, product, { adjustment, before: moved.before, after: moved.after }, now);
    return moved.after;
  });
  return stock;
}

/** The audit log's entry of an adjustment, in its transaction (record 45): the size, its stock before and after, why. */
function auditAdjustment(
  trx: Executor,
  actor: Actor,
  product: { id: number; title: string },
  change: { adjustment: { kind: string; size: string; note?: string | undefined }; before: number; after: number },
  now: number,
) {
  const { adjustment } = change;
  return recordAudit(
    trx,
    actor,
    {
      kind: "product.stock",
      subject: productSubject(product),
      before: { size: adjustment.size, stock: change.before },
      after: { size: adjustment.size, stock: change.after, as: adjustment.kind },
      reason: adjustment.note || null,
    },
    now,
  );
}

/** A product's recent movements, newest first, at most MOVEMENTS_PER_SIZE of each size. */
export async function recentMovements(executor: Executor, productId: number) {
  const rows = await findRecentMovements(executor, productId, MOVEMENTS_PER_SIZE);
  const perSize = new Map<string, number>();
  return rows
    .filter((row) => {
      const seen = perSize.get(row.size) ?? 0;
      perSize.set(row.size, seen + 1);
      return seen < MOVEMENTS_PER_SIZE;
    })
    .map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
}

/** Each size's movements added up: what the stock must be. */
export function movementTotals(executor: Executor, productId: number) {
  return sumMovements(executor, productId);
}
