import type { Actor } from "#core/actor.ts";
import { assertCan } from "../access.ts";
import type { Executor } from "../db/schema.ts";
import { readPage } from "../paging.ts";
import type { DeliverySettings } from "./delivery-settings.ts";
import { type PincodeOutcomes, pincodeOutcomes, pincodesWithReturns } from "./parcel-outcomes.repository.ts";

/*
 * Returns to origin per pincode (record 43): how many finished parcels came back, over the last 180
 * days, and the rule COD_MAX_RTO_RATE sets on it: a pincode whose cash parcels came back more often
 * than the rate, out of at least 20 of them, is offered no cash on delivery until its figures fall.
 */

/** The figures look back this far: a pincode's habits change, and old refusals age out. */
export const RTO_WINDOW_MS = 180 * 24 * 60 * 60 * 1000;
/** Below this many cash parcels a rate says little (2 of 5 is 40 %), and the rule waits. */
export const RTO_MIN_COD_PARCELS = 20;

export type PincodeRto = PincodeOutcomes & {
  /** Parcels back to the shop out of those finished (null: none finished). */
  rate: number | null;
  codRate: number | null;
  /** Whether the rule takes cash on delivery away from this pincode now. */
  codPaused: boolean;
};

function withRates(outcomes: PincodeOutcomes, maxRate: number | null | undefined): PincodeRto {
  const codRate = outcomes.codParcels > 0 ? outcomes.codRto / outcomes.codParcels : null;
  return {
    ...outcomes,
    rate: outcomes.parcels > 0 ? outcomes.rto / outcomes.parcels : null,
    codRate,
    codPaused: Boolean(maxRate && codRate !== null && outcomes.codParcels >= RTO_MIN_COD_PARCELS && codRate > maxRate),
  };
}

/** Why cash on delivery is paused at this pincode, in the buyer's words; null when it is not. */
export async function codPauseAt(
  executor: Executor,
  settings: DeliverySettings,
  pincode: string,
  now: number,
): Promise<string | null> {
  if (!settings.codMaxRtoRate) return null;
  const rto = withRates(await pincodeOutcomes(executor, pincode, now - RTO_WINDOW_MS), settings.codMaxRtoRate);
  if (!rto.codPaused) return null;
  return `Cash on delivery is paused for pincode ${pincode}: too many cash parcels there could not be delivered and came back to us.`;
}

/** The pincodes parcels came back from, most first, with their rates: the administrator's table. */
export async function rtoRates(
  executor: Executor,
  actor: Actor,
  settings: DeliverySettings,
  { page, now }: { page: number; now: number },
): Promise<{ rows: PincodeRto[]; hasNext: boolean; maxRate: number | null }> {
  assertCan(actor, "orders.view");
  const read = (limit: number, offset: number) => pincodesWithReturns(executor, now - RTO_WINDOW_MS, limit, offset);
  const { rows, hasNext } = await readPage(read, page, 25);
  return {
    rows: rows.map((row) => withRates(row, settings.codMaxRtoRate)),
    hasNext,
    maxRate: settings.codMaxRtoRate ?? null,
  };
}
