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
