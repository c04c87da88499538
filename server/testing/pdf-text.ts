import { execFileSync } from "node:child_process";

/**
 * A PDF's text as poppler's pdftotext reads it (a reader's view, laid out as printed), whitespace
 * folded to single spaces so that a test can look for a phrase however the page wraps it.
 */
export function pdfText(pdf: Buffer | Uint8Array): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString().replace(/\s+/g, " ");
}
