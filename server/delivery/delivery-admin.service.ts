import type { Actor } from "#core/actor.ts";
import { formatCount } from "#core/numbers.ts";
import { assertCan } from "../access.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { readCourierList } from "./courier-list.ts";
import {
  countServiceablePincodes,
  deleteHoliday,
  listHolidays,
  replaceServiceablePincodes,
  saveHoliday,
} from "./delivery.repository.ts";
import { promiseKept } from "./delivery.service.ts";

/** The admin's Delivery screen: the courier's list in use, the holidays, and how promises were kept. */
export async function deliveryAdminView(db: Db, actor: Actor, now: number) {
  assertCan(actor, "settings.manage");
  return {
    courierPincodes: await countServiceablePincodes(db),
    holidays: await listHolidays(db),
    promises: await promiseKept(db, actor, now),
  };
}

/** One of the Delivery screen's forms, by its intent. */
export async function changeDelivery(
  db: Db,
  actor: Actor,
  change:
    | { intent: "upload"; csv: string }
    | { intent: "add-holiday"; day: string; name: string }
    | { intent: "remove-holiday"; day: string },
): Promise<string> {
  if (change.intent === "upload") {
    const { loaded } = await uploadCourierList(db, actor, change.csv);
    return `The courier's list now has ${formatCount(loaded)} pincodes.`;
  }
  if (change.intent === "add-holiday") {
    await addHoliday(db, actor, change);
    return "Holiday saved.";
  }
  await removeHoliday(db, actor, change.day);
  return "Holiday removed.";
}

/**
 * Replaces the courier's list with an uploaded one, whole or not at all: a file with bad lines is
 * refused naming them (the first twenty), and the list in use stays as it was.
 */
export async function uploadCourierList(db: Db, actor: Actor, csv: string): Promise<{ loaded: number }> {
  assertCan(actor, "settings.manage");
  const { rows, problems } = readCourierList(csv);
  if (problems.length > 0) {
    const shown = problems.slice(0, 20);
    const more = problems.length - shown.length;
    throw new AppError(
      "validation-failed",
      `Nothing was loaded: ${problems.length === 1 ? "one line needs" : `${problems.length} lines need`} fixing.`,
      { file: [...shown, ...(more > 0 ? [`…and ${more} more.`] : [])].join("\n") },
    );
  }
  await db.transaction().execute(async (trx) => {
    const before = await countServiceablePincodes(trx);
    await replaceServiceablePincodes(trx, rows);
    await recordAudit(trx, actor, {
      kind: "delivery.pincodes",
      subject: { type: "delivery", id: "pincodes", label: "Courier's pincodes" },
      before: { pincodes: before },
      after: { pincodes: rows.length },
    });
  });
  return { loaded: rows.length };
}

/** A day nobody dispatches or delivers, by its date (India) and name. */
export async function addHoliday(db: Db, actor: Actor, input: { day: string; name: string }): Promise<void> {
  assertCan(actor, "settings.manage");
  const day = input.day.trim();
  const name = input.name.trim();
  const errors: Record<string, string> = {};
  if (!isCalendarDay(day)) errors.day = "Please choose a date.";
  if (name.length < 2 || name.length > 60) errors.name = "Please name the holiday (2 to 60 characters).";
  if (Object.keys(errors).length > 0) {
    throw new AppError("validation-failed", Object.values(errors).join(" "), errors);
  }
  await db.transaction().execute(async (trx) => {
    await saveHoliday(trx, day, name);
    await recordAudit(trx, actor, {
      kind: "delivery.holiday",
      subject: { type: "delivery", id: "holidays", label: "Holidays" },
      after: { day, name },
    });
  });
}

export async function removeHoliday(db: Db, actor: Actor, day: string): Promise<void> {
  assertCan(actor, "settings.manage");
  await db.transaction().execute(async (trx) => {
    if ((await deleteHoliday(trx, day.trim())) === 0)
      throw new AppError("not-found", "That holiday is not on the list.");
    await recordAudit(trx, actor, {
      kind: "delivery.holiday",
      subject: { type: "delivery", id: "holidays", label: "Holidays" },
      before: { day: day.trim() },
    });
  });
}

function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}
