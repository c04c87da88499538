import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";

/** Downloads the PDF a link offers and reads its text, spaces run together. */
export async function downloadedText(page: Page, link: string | RegExp): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link }).click()]);
  const bytes = readFileSync(await download.path());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { name: download.suggestedFilename(), text: text.replace(/\s+/g, " ") };
}
