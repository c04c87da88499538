/*
 * Numbers as an Indian reader groups them: the last three digits, then pairs ("12,34,567").
 *
 * Written out rather than asked of Intl.NumberFormat: the first Intl formatter a page makes loads
 * the browser's locale data, 20–50 ms of a phone's main thread before any price can be drawn
 * (decision record 18, §18). The tests hold these to Intl's en-IN output.
 */

/** "1234567" → "12,34,567": digits only, no sign. */
function groupDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const last = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const pairs: string[] = [];
  while (rest.length > 2) {
    pairs.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  return [rest, ...pairs, last].join(",");
}

/** A whole number in Indian grouping: 1234567 → "12,34,567", -1500 → "-1,500". */
export function formatCount(value: number): string {
  const whole = Math.round(value);
  const text = groupDigits(String(Math.abs(whole)));
  return whole < 0 ? `-${text}` : text;
}

/** Hundredths (paise) as a grouped number with both decimals: 12345650 → "1,23,456.50". */
export function formatHundredths(hundredths: number): string {
  const whole = Math.round(hundredths);
  const magnitude = Math.abs(whole);
  const text = `${groupDigits(String(Math.floor(magnitude / 100)))}.${String(magnitude % 100).padStart(2, "0")}`;
  return whole < 0 ? `-${text}` : text;
}

/*
 * Numbers as forms send them. One reading for every form (record 33): plain decimal digits, and
 * nothing JavaScript's Number() would also take ("0x1", "0b1", "1e2", " 1", "+1", "1.0", "Infinity").
 * A browser's number input sends exactly this; anything else was typed or forged.
 */

/** A whole number in plain decimal digits (at most 15, within exact integers), else undefined. */
export function readWholeNumber(text: string): number | undefined {
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * An amount in plain decimal digits with at most two after a point ("1999", "1999.5", "1999.50"), as
 * a whole number of hundredths (paise for rupees), counted from the digits so that no binary
 * fraction creeps in; else undefined.
 */
export function readHundredths(text: string): number | undefined {
  const match = /^([0-9]{1,9})(?:\.([0-9]{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
