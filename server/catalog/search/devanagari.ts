/*
 * Devanagari to Latin letters, the way shoppers spell Hindi garment words in English ("कुर्ता" →
 * "kurta", "साड़ी" → "sari", "झुमका" → "jhumka"): a small table and Hindi's schwa deletion, not a
 * scholarly transliteration (ISO 15919 would write "kurtā", which no shopper types). Long and short
 * vowels read the same; the spelling map and typo correction do the rest ("lahanga" → lehenga).
 */

const CONSONANTS: Record<string, string> = {
  क: "k",
  ख: "kh",
  ग: "g",
  घ: "gh",
  ङ: "n",
  च: "ch",
  छ: "chh",
  ज: "j",
  झ: "jh",
  ञ: "n",
  ट: "t",
  ठ: "th",
  ड: "d",
  ढ: "dh",
  ण: "n",
  त: "t",
  थ: "th",
  द: "d",
  ध: "dh",
  न: "n",
  प: "p",
  फ: "ph",
  ब: "b",
  भ: "bh",
  म: "m",
  य: "y",
  र: "r",
  ल: "l",
  व: "v",
  श: "sh",
  ष: "sh",
  स: "s",
  ह: "h",
  ळ: "l",
  क़: "q",
  ख़: "kh",
  ग़: "g",
  ज़: "z",
  ड़: "r",
  ढ़: "rh",
  फ़: "f",
  य़: "y",
};
/** Consonant + nukta, for text that writes the dot as its own mark. */
const NUKTA_FORMS: Record<string, string> = { क: "q", ख: "kh", ग: "g", ज: "z", ड: "r", ढ: "rh", फ: "f", य: "y" };
const VOWELS: Record<string, string> = {
  अ: "a",
  आ: "a",
  इ: "i",
  ई: "i",
  उ: "u",
  ऊ: "u",
  ऋ: "ri",
  ए: "e",
  ऐ: "ai",
  ओ: "o",
  औ: "au",
  ऑ: "o",
  ऍ: "e",
};
const SIGNS: Record<string, string> = {
  "ा": "a",
  "ि": "i",
  "ी": "i",
  "ु": "u",
  "ू": "u",
  "ृ": "ri",
  "े": "e",
  "ै": "ai",
  "ो": "o",
  "ौ": "au",
  "ॉ": "o",
  "ॅ": "e",
};
const VIRAMA = "्";
const NUKTA = "़";
const NASALS = new Set(["ं", "ँ"]);
const VISARGA = "ः";
const DIGITS = "०१२३४५६७८९";

type Unit = { kind: "consonant" | "vowel" | "schwa"; text: string };

export function hasDevanagari(text: string): boolean {
  return /[\u0900-\u097F]/.test(text);
}

/** Every run of Devanagari in the text written in Latin letters; other text is left as it is. */
export function devanagariToLatin(text: string): string {
  return text.replace(/[\u0900-\u097F]+/g, (word) => transliterateWord(word));
}

function transliterateWord(word: string): string {
  const units: Unit[] = [];
  const chars = [...word.normalize("NFC")];
  for (let i = 0; i < chars.length; i++) i = readUnit(chars, i, units);
  return deleteSchwas(units)
    .map((unit) => unit.text)
    .join("");
}

/** Reads the letter at `i` (with its nukta, virama or vowel sign) into units; returns the last index read. */
function readUnit(chars: readonly string[], i: number, units: Unit[]): number {
  const char = chars[i] ?? "";
  const digit = DIGITS.indexOf(char);
  if (digit >= 0) units.push({ kind: "consonant", text: String(digit) });
  else if (CONSONANTS[char] !== undefined) return readConsonant(chars, i, units);
  else if (VOWELS[char] !== undefined) units.push({ kind: "vowel", text: VOWELS[char] });
  else if (NASALS.has(char)) {
    const following = CONSONANTS[chars[i + 1] ?? ""] ?? "";
    units.push({ kind: "consonant", text: /^[pbm]/.test(following) ? "m" : "n" });
  } else if (char === VISARGA) units.push({ kind: "consonant", text: "h" });
  return i;
}

function readConsonant(chars: readonly string[], start: number, units: Unit[]): number {
  let i = start;
  const char = chars[i] ?? "";
  let latin = CONSONANTS[char] ?? "";
  if (chars[i + 1] === NUKTA) {
    latin = NUKTA_FORMS[char] ?? latin;
    i++;
  }
  units.push({ kind: "consonant", text: latin });
  const next = chars[i + 1] ?? "";
  if (next === VIRAMA) return i + 1;
  const sign = SIGNS[next];
  if (sign !== undefined) {
    units.push({ kind: "vowel", text: sign });
    return i + 1;
  }
  units.push({ kind: "schwa", text: "a" });
  return i;
}

const isVowel = (unit: Unit | undefined) => unit !== undefined && unit.kind !== "consonant";

/**
 * Hindi drops the inherent "a" at the end of a word ("kurta", not "kurata"), and between a vowel
 * and consonant on one side and a consonant and vowel on the other ("jhumka", not "jhumaka").
 */
function deleteSchwas(units: Unit[]): Unit[] {
  const kept = [...units];
  const last = kept.length - 1;
  if (kept[last]?.kind === "schwa" && kept.filter(isVowel).length > 1) kept.splice(last, 1);
  for (let i = 2; i < kept.length - 2; i++) {
    if (kept[i]?.kind !== "schwa") continue;
    if (
      isVowel(kept[i - 2]) &&
      kept[i - 1]?.kind === "consonant" &&
      kept[i + 1]?.kind === "consonant" &&
      isVowel(kept[i + 2])
    ) {
      kept.splice(i, 1);
    }
  }
  return kept;
}
