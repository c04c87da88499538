import type { Actor } from "#core/actor.ts";
import { describeAudience, describeOffer, type OfferState, offerState, type Promotion } from "#core/promotions.ts";
import { assertCan } from "../access.ts";
import { type AuditRecord, recordAudit } from "../audit/audit.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation/fields.ts";
import {
  codeTaken,
  findProductCollections,
  findPromotion,
  insertPromotion,
  listPromotionRows,
  setPromotionDisabled,
  updatePromotionRow,
} from "./promotions.repository.ts";
import {
  type PromotionFormInput,
  type PromotionInput,
  promotionIdField,
  promotionInputSchema,
} from "./promotions.schemas.ts";

/*
 * The admin's Offers tab: promotions made, changed, disabled and enabled again. Every change moves
 * the catalogue's version after it commits, so the shelves that show automatic promotions' prices
 * (and the shared pages that hold them) are made again on their next request. Record 31.
 */

/** A promotion on the admin's list: where it stands now, what it does and who may get it, in words. */
export type PromotionListing = Promotion & { state: OfferState; description: string; audience: string };

export async function listPromotions(db: Db, actor: Actor, now = Date.now()): Promise<PromotionListing[]> {
  assertCan(actor, "offers.manage");
  return (await listPromotionRows(db)).map((promotion) => ({
    ...promotion,
    state: offerState(promotion, now),
    description: describeOffer(promotion),
    audience: describeAudience(promotion),
  }));
}

export async function getPromotion(db: Db, actor: Actor, id: number): Promise<Promotion> {
  assertCan(actor, "offers.manage");
  const promotion = await findPromotion(db, id);
  if (!promotion) throw new AppError("not-found", "This offer could not be found.");
  return promotion;
}

/** The form checked, and what only the database can tell: a code taken, a product that does not exist. */
async function checkedInput(executor: Executor, input: PromotionFormInput, id: number | null): Promise<PromotionInput> {
  const promotion = parseInput(promotionInputSchema, input);
  if (promotion.kind === "code" && (await codeTaken(executor, promotion.name, id))) {
    const message = `Another offer already has the code ${promotion.name}.`;
    throw new AppError("validation-failed", message, { name: message });
  }
  const found = await findProductCollections(executor, promotion.scope.productIds);
  const missing = promotion.scope.productIds.filter((productId) => !found.has(productId));
  if (missing.length > 0) {
    const message = `There is no product number ${missing.join(", ")}.`;
    throw new AppError("validation-failed", message, { productIds: message });
  }
  return promotion;
}

export async function createPromotion(db: Db, actor: Actor, input: PromotionFormInput, now = Date.now()) {
  assertCan(actor, "offers.manage");
  const id = await db.transaction().execute(async (trx) => {
    const promotion = await checkedInput(trx, input, null);
    const inserted = await insertPromotion(trx, promotion, now);
    await recordAudit(trx, actor, offerEntry("offer.saved", inserted, promotion.name, null, promotion), now);
    return inserted;
  });
  await catalogVersion(db).changed();
  return getPromotion(db, actor, id);
}

/** Changes a promotion; orders already placed keep what they got (their offers are stored with them). */
export async function updatePromotion(db: Db, actor: Actor, id: number, input: PromotionFormInput, now = Date.now()) {
  assertCan(actor, "offers.manage");
  await db.transaction().execute(async (trx) => {
    const before = await findPromotion(trx, id);
    const promotion = await checkedInput(trx, input, id);
    if (!before || !(await updatePromotionRow(trx, id, promotion, now))) {
      throw new AppError("not-found", "This offer could not be found.");
    }
    await recordAudit(trx, actor, offerEntry("offer.saved", id, promotion.name, before, promotion), now);
  });
  await catalogVersion(db).changed();
  return getPromotion(db, actor, id);
}

/**
 * Disables a promotion (no new order gets it from this moment: the order's transaction takes its
 * use only while it is enabled), or enables it again.
 */
export async function setPromotionEnabled(
  db: Db,
  actor: Actor,
  offerId: number | string,
  enabled: boolean,
  now = Date.now(),
) {
  assertCan(actor, "offers.manage");
  const id = parseInput(promotionIdField, offerId);
  await db.transaction().execute(async (trx) => {
    const promotion = await findPromotion(trx, id);
    if (!promotion || !(await setPromotionDisabled(trx, id, enabled ? null : now, now))) {
      throw new AppError("not-found", "This offer could not be found.");
    }
    await recordAudit(
      trx,
      actor,
      { kind: enabled ? "offer.enabled" : "offer.disabled", subject: { type: "offer", id, label: promotion.name } },
      now,
    );
  });
  await catalogVersion(db).changed();
  return getPromotion(db, actor, id);
}

/** An offer's audit entry: what it gives and to whom, before and after (record 45). */
function offerEntry(
  kind: "offer.saved",
  id: number,
  name: string,
  before: Promotion | null,
  after: PromotionInput,
): AuditRecord {
  const terms = (offer: Pick<Promotion, "action" | "scope" | "startsAt" | "endsAt" | "minSubtotal">) => ({
    action: offer.action,
    scope: offer.scope,
    startsAt: offer.startsAt,
    endsAt: offer.endsAt,
    minSubtotal: offer.minSubtotal,
  });
  return {
    kind,
    subject: { type: "offer", id, label: name },
    before: before ? terms(before) : null,
    after: terms(after),
  };
}
