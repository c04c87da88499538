/*
 * A size may carry a barcode printed on its label: an EAN-13 (the 13 digits on Indian retail
 * packs, GS1 India's "890…" among them), checked by its check digit, or any text a Code 128 label
 * prints (the warehouse's own codes).
 */

export const BARCODE_MAX_LENGTH = 48;

/** The check digit of an EAN-13 from its first 12 digits: weights 1, 3, 1, 3… from the left, modulo 10. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += Number(first12[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Thirteen digits whose last is the check digit of the other twelve. */
export function isValidEan13(text: string): boolean {
  return /^[0-9]{13}$/.test(text) && ean13CheckDigit(text) === Number(text[12]);
}

/**
 * Text a Code 128 label can print from a keyboard: printable ASCII (space to "~"), not starting or
 * ending with a space, 1 to 48 characters (longer does not fit a garment label).
 */
export function isCode128Text(text: string): boolean {
  return (
    text.length >= 1 && text.length <= BARCODE_MAX_LENGTH && /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/.test(text)
  );
}

/**
 * Why a barcode cannot be one, in plain words; undefined when it can. Thirteen digits are an EAN-13
 * and must pass its check; anything else must be Code 128 text. A number a spreadsheet shortened
 * ("8.90123E+12") is named as such, since the digits are lost.
 */
export function barcodeProblem(barcode: string): string | undefined {
  if (/^[0-9]{13}$/.test(barcode)) {
    if (isValidEan13(barcode)) return undefined;
    return `'${barcode}' is not a valid EAN-13: its check digit would be ${ean13CheckDigit(barcode)}, not ${barcode[12]}.`;
  }
  if (/^[0-9]+(\.[0-9]+)?E\+?[0-9]+$/i.test(barcode)) {
    return `'${barcode}' is a number a spreadsheet shortened: format the column as text and type the barcode again.`;
  }
  if (isCode128Text(barcode)) return undefined;
  if (barcode.length > BARCODE_MAX_LENGTH) {
    return `'${barcode.slice(0, 20)}…' is longer than a barcode may be (${BARCODE_MAX_LENGTH} characters).`;
  }
  return `'${barcode}' is not a barcode: use a 13-digit EAN-13, or letters, digits and signs a Code 128 label prints (no accents or symbols such as ₹).`;
}
