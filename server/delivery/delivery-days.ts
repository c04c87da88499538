/**
 * Calendar days in India time ("YYYY-MM-DD"), and the working days couriers count in: every day but
 * Sunday and the shop's holidays. India keeps one time zone with no summer time, so a day in India
 * is a UTC day shifted by five and a half hours.
 */
import { INDIA_OFFSET_MS, indiaDay } from "#core/dates.ts";

export type Day = string;

const DAY = 86_400_000;

/** Minutes past midnight in India at this moment. */
export function indiaMinutes(epochMillis: number): number {
  const shifted = new Date(epochMillis + INDIA_OFFSET_MS);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

export function addDays(day: Day, count: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY).toISOString().slice(0, 10);
}

/** Days from one day to another (negative when it is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

export function isWorkingDay(day: Day, holidays: ReadonlySet<Day>): boolean {
  return new Date(`${day}T00:00:00Z`).getUTCDay() !== 0 && !holidays.has(day);
}

/** The working day `count` working days after `day` (0: `day` itself if it is one, else the next). */
export function addWorkingDays(day: Day, count: number, holidays: ReadonlySet<Day>): Day {
  let current = day;
  while (!isWorkingDay(current, holidays)) current = addDays(current, 1);
  for (let left = count; left > 0; left -= 1) {
    do current = addDays(current, 1);
    while (!isWorkingDay(current, holidays));
  }
  return current;
}

/** When the shop dispatches: its cut-off time (minutes past midnight, India) and days of handling. */
export type DispatchRules = { cutoffMinutes: number; handlingDays: number };

/**
 * The day an order placed now leaves the warehouse: an order taken before the cut-off on a working
 * day counts from that day, any other from the next working day; then the handling days.
 */
export function dispatchDay(now: number, rules: DispatchRules, holidays: ReadonlySet<Day>): Day {
  const today = indiaDay(now);
  const takenToday = isWorkingDay(today, holidays) && indiaMinutes(now) < rules.cutoffMinutes;
  const start = takenToday ? today : addWorkingDays(addDays(today, 1), 0, holidays);
  return addWorkingDays(start, rules.handlingDays, holidays);
}

/** The first and last day a parcel dispatched on `dispatch` is due, for a transit of min–max working days. */
export function deliveryWindow(
  dispatch: Day,
  transit: { minDays: number; maxDays: number },
  holidays: ReadonlySet<Day>,
): { from: Day; until: Day } {
  return {
    from: addWorkingDays(dispatch, Math.max(1, transit.minDays), holidays),
    until: addWorkingDays(dispatch, Math.max(1, transit.maxDays), holidays),
  };
}
