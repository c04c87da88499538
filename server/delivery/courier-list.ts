import { isPincode } from "#core/delivery-address.ts";
import { formatCount } from "#core/numbers.ts";
import type { ServiceableRow } from "./delivery.repository.ts";

/**
 * The courier's pincode list as couriers send it: a CSV with a header naming the columns pincode,
 * prepaid, cod, reverse_pickup, min_days and max_days (in any order; other columns are ignored),
 * yes/no as Y, N, yes, no, true, false, 1 or 0. Read whole or not at all: each bad line is named.
 */
export type CourierListReading = { rows: ServiceableRow[]; problems: string[] };

const COLUMNS = ["pincode", "prepaid", "cod", "reverse_pickup", "min_days", "max_days"] as const;
const YES = new Set(["y", "yes", "true", "1"]);
const NO = new Set(["n", "no", "false", "0"]);
export const COURIER_LIST_MAX_LINES = 40_000;

export function readCourierList(text: string): CourierListReading {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = cells(lines[0] ?? "").map((cell) => cell.toLowerCase().replace(/[\s-]+/g, "_"));
  const missing = COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    return {
      rows: [],
      problems: [`Line 1: the header must name the columns ${COLUMNS.join(", ")} (missing: ${missing.join(", ")}).`],
    };
  }
  if (lines.length > COURIER_LIST_MAX_LINES + 1) {
    return { rows: [], problems: [`The list has more than ${formatCount(COURIER_LIST_MAX_LINES)} lines.`] };
  }
  const at = Object.fromEntries(COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const rows: ServiceableRow[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  lines.slice(1).forEach((line, index) => {
    const number = index + 2;
    if (!line.trim()) return;
    const values = cells(line);
    const value = (column: (typeof COLUMNS)[number]) => values[at[column]] ?? "";
    const problem = rowProblem(value, seen, number);
    if (problem) {
      problems.push(`Line ${number}: ${problem}`);
      return;
    }
    const pincode = value("pincode");
    seen.set(pincode, number);
    rows.push({
      pincode,
      prepaid: YES.has(value("prepaid").toLowerCase()),
      cod: YES.has(value("cod").toLowerCase()),
      reversePickup: YES.has(value("reverse_pickup").toLowerCase()),
      minDays: Number(value("min_days")),
      maxDays: Number(value("max_days")),
    });
  });
  if (rows.length === 0 && problems.length === 0) problems.push("The list has no pincodes.");
  return { rows, problems };
}

function rowProblem(
  value: (column: (typeof COLUMNS)[number]) => string,
  seen: ReadonlyMap<string, number>,
  line: number,
): string | null {
  const pincode = value("pincode");
  if (!isPincode(pincode)) return `"${pincode.slice(0, 20)}" is not a 6-digit pincode.`;
  const earlier = seen.get(pincode);
  if (earlier !== undefined) return `pincode ${pincode} is listed again (first on line ${earlier}).`;
  for (const column of ["prepaid", "cod", "reverse_pickup"] as const) {
    const flag = value(column).toLowerCase();
    if (!YES.has(flag) && !NO.has(flag)) return `${column} must be Y or N, not "${value(column).slice(0, 20)}".`;
  }
  const min = value("min_days");
  const max = value("max_days");
  if (!/^\d{1,2}$/.test(min) || !/^\d{1,2}$/.test(max) || Number(min) > Number(max) || Number(max) > 30) {
    return `min_days and max_days must be whole days from 0 to 30, min_days not above max_days (line ${line} has ${min.slice(0, 5)}–${max.slice(0, 5)}).`;
  }
  return null;
}

/** A line's cells: commas separate them; quotes around a cell are dropped. */
function cells(line: string): string[] {
  return line.split(",").map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim(),
  );
}
