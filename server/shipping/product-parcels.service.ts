import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { assertCan } from "../access.ts";
import { productSubject, recordAudit } from "../audit/audit.service.ts";
import { productForEditing } from "../catalog/catalog-admin.service.ts";
import type { Db, Executor } from "../db/schema.ts";
import { decimalInteger, parseInput } from "../validation/fields.ts";
import { type PieceSize, pieceSizeOf } from "./parcel-size.ts";
import { deleteProductParcel, findProductParcels, saveProductParcelRow } from "./product-parcels.repository.ts";

/** What one piece of a product weighs and measures packed: as recorded, and as its kind would pack. */
export type ProductParcel = { measured: PieceSize | null; byKind: PieceSize };

const WEIGHT_MESSAGE = "The weight is a whole number of grams from 1 to 30,000.";
const sideMessage = (name: string) => `The ${name} is a whole number of centimetres from 1 to 150.`;

/** A measurement as typed: a whole number in range, or left empty (null). */
function measurement(message: string, max: number) {
  return z.union([z.literal("").transform(() => null), decimalInteger(message, 1, max)], { error: message });
}

const MESSAGES = {
  weightGrams: WEIGHT_MESSAGE,
  lengthCm: sideMessage("length"),
  breadthCm: sideMessage("breadth"),
  heightCm: sideMessage("height"),
} as const;

/**
 * The product form's parcel fields, as typed: all four, or all four left empty (the product then
 * packs by its kind again). Couriers take parcels up to 150 cm a side and far below 30 kg for a
 * piece of clothing; anything past that is a slip of the keyboard.
 */
export const productParcelSchema = z
  .object({
    weightGrams: measurement(WEIGHT_MESSAGE, 30_000),
    lengthCm: measurement(MESSAGES.lengthCm, 150),
    breadthCm: measurement(MESSAGES.breadthCm, 150),
    heightCm: measurement(MESSAGES.heightCm, 150),
  })
  .superRefine((parcel, context) => {
    const values = Object.values(parcel);
    if (values.every((value) => value === null) || values.every((value) => value !== null)) return;
    for (const [field, value] of Object.entries(parcel)) {
      if (value === null) {
        context.addIssue({ code: "custom", path: [field], message: MESSAGES[field as keyof typeof MESSAGES] });
        return;
      }
    }
  });

/** The administrator's view of a product's packed size. */
export async function productParcel(db: Db, actor: Actor, productId: number): Promise<ProductParcel> {
  assertCan(actor, "products.view");
  const product = await productForEditing(db, actor, productId);
  const [row] = await findProductParcels(db, [productId]);
  return { measured: row ? pieceOf(row) : null, byKind: pieceSizeOf(product.hsn) };
}

/** Records (or, all fields empty, forgets) what a piece of the product weighs and measures packed. */
export async function saveProductParcel(
  db: Db,
  actor: Actor,
  productId: number,
  input: z.input<typeof productParcelSchema>,
  now: number = Date.now(),
): Promise<void> {
  assertCan(actor, "products.edit");
  const parcel = parseInput(productParcelSchema, input);
  const product = await productForEditing(db, actor, productId);
  const { weightGrams, lengthCm, breadthCm, heightCm } = parcel;
  const forget = weightGrams === null || lengthCm === null || breadthCm === null || heightCm === null;
  await db.transaction().execute(async (trx) => {
    const [before] = await findProductParcels(trx, [productId]);
    if (forget) await deleteProductParcel(trx, productId);
    else await saveProductParcelRow(trx, { productId, weightGrams, lengthCm, breadthCm, heightCm, updatedAt: now });
    await recordAudit(
      trx,
      actor,
      {
        kind: "product.parcel",
        subject: productSubject({ id: productId, title: product.title }),
        before: before ? pieceOf(before) : null,
        after: forget ? null : { grams: weightGrams, lengthCm, breadthCm, heightCm },
      },
      now,
    );
  });
}

/** The recorded sizes of these products, for packing their order. */
export async function measuredPieces(executor: Executor, productIds: readonly number[]) {
  const rows = await findProductParcels(executor, [...new Set(productIds)]);
  return new Map(rows.map((row) => [row.productId, pieceOf(row)]));
}

function pieceOf(row: { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number }): PieceSize {
  return { grams: row.weightGrams, lengthCm: row.lengthCm, breadthCm: row.breadthCm, heightCm: row.heightCm };
}
