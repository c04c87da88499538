import type { Actor } from "#core/actor.ts";
import { describeAudience, describeOffer, type Offer, type OfferState, offerState } from "#core/offers.ts";
import { assertCan } from "../access.ts";
import { type AuditRecord, recordAudit } from "../audit/audit.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation/fields.ts";
import {
  codeTaken,
  findOffer,
  findProductCollections,
  insertOffer,
  listOfferRows,
  setOfferDisabled,
  updateOfferRow,
} from "./offers.repository.ts";
import { type OfferFormInput, type OfferInput, offerIdField, offerInputSchema } from "./offers.schemas.ts";

/*
 * The admin's Offers tab: offers made, changed, disabled and enabled again. Every change moves
 * the catalogue's version after it commits, so the shelves that show automatic offers' prices
 * (and the shared pages that hold them) are made again on their next request. Record 31.
 */

/** An offer on the admin's list: where it stands now, what it does and who may get it, in words. */
export type OfferListing = Offer & { state: OfferState; description: string; audience: string };

export async function listOffers(db: Db, actor: Actor, now = Date.now()): Promise<OfferListing[]> {
  assertCan(actor, "offers.manage");
  return (await listOfferRows(db)).map((offer) => ({
    ...offer,
    state: offerState(offer, now),
    description: describeOffer(offer),
    audience: describeAudience(offer),
  }));
}

export async function getOffer(db: Db, actor: Actor, id: number): Promise<Offer> {
  assertCan(actor, "offers.manage");
  const offer = await findOffer(db, id);
  if (!offer) throw new AppError("not-found", "This offer could not be found.");
  return offer;
}

/** The form checked, and what only the database can tell: a code taken, a product that does not exist. */
async function checkedInput(executor: Executor, input: OfferFormInput, id: number | null): Promise<OfferInput> {
  const offer = parseInput(offerInputSchema, input);
  if (offer.kind === "code" && (await codeTaken(executor, offer.name, id))) {
    const message = `Another offer already has the code ${offer.name}.`;
    throw new AppError("validation-failed", message, { name: message });
  }
  const found = await findProductCollections(executor, offer.scope.productIds);
  const missing = offer.scope.productIds.filter((productId) => !found.has(productId));
  if (missing.length > 0) {
    const message = `There is no product number ${missing.join(", ")}.`;
    throw new AppError("validation-failed", message, { productIds: message });
  }
  return offer;
}

export async function createOffer(db: Db, actor: Actor, input: OfferFormInput, now = Date.now()) {
  assertCan(actor, "offers.manage");
  const id = await db.transaction().execute(async (trx) => {
    const offer = await checkedInput(trx, input, null);
    const inserted = await insertOffer(trx, offer, now);
    await recordAudit(trx, actor, offerEntry(inserted, offer.name, null, offer), now);
    return inserted;
  });
  await catalogVersion(db).changed();
  return getOffer(db, actor, id);
}

/** Changes an offer; orders already placed keep what they got (their offers are stored with them). */
export async function updateOffer(db: Db, actor: Actor, id: number, input: OfferFormInput, now = Date.now()) {
  assertCan(actor, "offers.manage");
  await db.transaction().execute(async (trx) => {
    const before = await findOffer(trx, id);
    const offer = await checkedInput(trx, input, id);
    if (!before || !(await updateOfferRow(trx, id, offer, now))) {
      throw new AppError("not-found", "This offer could not be found.");
    }
    await recordAudit(trx, actor, offerEntry(id, offer.name, before, offer), now);
  });
  await catalogVersion(db).changed();
  return getOffer(db, actor, id);
}

/**
 * Disables an offer (no new order gets it from this moment: the order's transaction takes its
 * use only while it is enabled), or enables it again.
 */
export async function setOfferEnabled(
  db: Db,
  actor: Actor,
  offerId: number | string,
  enabled: boolean,
  now = Date.now(),
) {
  assertCan(actor, "offers.manage");
  const id = parseInput(offerIdField, offerId);
  await db.transaction().execute(async (trx) => {
    const offer = await findOffer(trx, id);
    if (!offer || !(await setOfferDisabled(trx, id, enabled ? null : now, now))) {
      throw new AppError("not-found", "This offer could not be found.");
    }
    await recordAudit(
      trx,
      actor,
      { kind: enabled ? "offer.enabled" : "offer.disabled", subject: { type: "offer", id, label: offer.name } },
      now,
    );
  });
  await catalogVersion(db).changed();
  return getOffer(db, actor, id);
}

/** An offer's audit entry: what it gives and to whom, before and after (record 45). */
function offerEntry(id: number, name: string, before: Offer | null, after: OfferInput): AuditRecord {
  const terms = (offer: Pick<Offer, "action" | "scope" | "startsAt" | "endsAt" | "minSubtotal">) => ({
    action: offer.action,
    scope: offer.scope,
    startsAt: offer.startsAt,
    endsAt: offer.endsAt,
    minSubtotal: offer.minSubtotal,
  });
  return {
    kind: "offer.saved",
    subject: { type: "offer", id, label: name },
    before: before ? terms(before) : null,
    after: terms(after),
  };
}
