/**
 * A phone's own fonts for the browser under measurement. Chromium on Linux finds fonts through
 * fontconfig, and a configuration of its own adds a folder to the system's. Phones sold in India
 * carry Noto Sans Devanagari, which this machine may not: with it in that folder, a Hindi page is
 * measured as such a phone draws it, the device's copy that the page's @font-face names is found
 * and the shop's file is never fetched (decision record 48). Without it, the Hindi text is laid out
 * with no Devanagari font at all first, and again when the shop's file comes.
 */
import { existsSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The environment that gives Chromium the fonts in `folder` besides the system's. */
export function deviceFontsEnvironment(folder: string, workDir: string): Record<string, string> {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new Error(`--fonts: no such folder: ${folder}`);
  const file = path.join(workDir, "fonts.conf");
  writeFileSync(
    file,
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
      "<fontconfig>",
      '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
      `  <dir>${xmlText(path.resolve(folder))}</dir>`,
      `  <cachedir>${xmlText(path.join(workDir, "font-cache"))}</cachedir>`,
      "</fontconfig>",
      "",
    ].join("\n"),
  );
  return { FONTCONFIG_FILE: file };
}

function xmlText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
