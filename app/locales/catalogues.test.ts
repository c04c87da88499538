import { describe, expect, it } from "vitest";
import { placeholdersOf } from "#core/translate.ts";
import { messages as english } from "./en-IN.ts";
import { messages as hindi } from "./hi-IN.ts";

/*
 * The type-checker already fails a catalogue that lacks an English id; these hold what it cannot see:
 * a translation left empty or in English, or one that drops or invents a placeholder.
 */
const OTHER_LANGUAGES = { "hi-IN": hindi } as const;
// Names and figures that read the same in every language.
const SAME_IN_EVERY_LANGUAGE = new Set<string>([]);

describe.each(Object.entries(OTHER_LANGUAGES))("the %s catalogue", (_locale, catalogue) => {
  const ids = Object.keys(english) as (keyof typeof english)[];

  it("has every English message, and no message English lacks", () => {
    expect(Object.keys(catalogue).sort()).toEqual([...ids].sort());
  });

  it("translates every message (none empty, none left in English)", () => {
    const untranslated = ids.filter(
      (id) => !catalogue[id]?.trim() || (catalogue[id] === english[id] && !SAME_IN_EVERY_LANGUAGE.has(id)),
    );
    expect(untranslated).toEqual([]);
  });

  it("keeps each message's placeholders", () => {
    const changed = ids.filter((id) => placeholdersOf(catalogue[id]).join() !== placeholdersOf(english[id]).join());
    expect(changed).toEqual([]);
  });
});
