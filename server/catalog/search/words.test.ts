import { describe, expect, it } from "vitest";
import { devanagariToLatin } from "./devanagari.ts";
import { understandQuery, withoutLeastImportant } from "./understand.ts";
import { editDistance, Vocabulary } from "./vocabulary.ts";
import { canonicalWord, productIndexColumns, productSearchText, SEED_SPELLINGS, searchWords } from "./words.ts";

describe("search words", () => {
  it("treats the common spellings and plurals of one word as the same word", () => {
    for (const [typed, stored] of [
      ["kurti", "Kurta"],
      ["kurtis", "kurtas"],
      ["sari", "Saree"],
      ["sarees", "saree"],
      ["lehnga", "Lehenga"],
      ["duppata", "Dupatta"],
      ["chunni", "dupatta"],
      ["jhumki", "Jhumka"],
      ["salwar", "Shalwar"],
      ["tops", "Top"],
      ["jhumkas", "Jhumka"],
      ["dresses", "Dress"],
      ["t-shirts", "T-Shirt"],
      ["tee", "tshirt"],
      ["handbags", "bag"],
    ]) {
      expect(canonicalWord(typed as string), typed).toBe(canonicalWord(stored as string));
    }
  });

  it("keeps a product's title, category, type and fabric, each word once", () => {
    const text = productSearchText({
      title: "Neelam Indigo Anarkali",
      category: "Anarkali Dress",
      type: "Anarkali Kurta",
      fabric: "Cotton",
    });
    expect(text.split(" ")).toEqual(
      expect.arrayContaining(["neelam", "indigo", "anarkali", "dress", "kurta", "cotton"]),
    );
    // A hyphenated word is kept whole and in parts, so "tshirt", "t-shirt" and "t shirt" all find it.
    expect(searchWords("Worli Oversized T-Shirt")).toEqual(expect.arrayContaining(["tshirt", "t", "shirt"]));
  });

  it("splits a product's words by weight for the index", () => {
    expect(
      productIndexColumns({
        title: "Phulkari Dupattas",
        category: "Ethnic",
        type: "Dupatta",
        fabric: "Chanderi Silk",
        description: "Hand-embroidered borders.",
        description1: "",
      }),
    ).toEqual({
      searchTitle: "phulkari dupatta",
      searchKind: "dupatta ethnic",
      searchFabric: "chanderi silk",
      searchDescription: "handembroidered hand embroidered border",
    });
  });
});

describe("Devanagari", () => {
  it("is written the way shoppers spell the words in English", () => {
    expect(devanagariToLatin("कुर्ता")).toBe("kurta");
    expect(devanagariToLatin("कुर्ती")).toBe("kurti");
    expect(devanagariToLatin("साड़ी")).toBe("sari");
    expect(devanagariToLatin("झुमका")).toBe("jhumka");
    expect(devanagariToLatin("दुपट्टा")).toBe("dupatta");
    expect(devanagariToLatin("अनारकली")).toBe("anarkali");
    expect(devanagariToLatin("लहंगा")).toBe("lahanga");
    expect(devanagariToLatin("चुन्नी")).toBe("chunni");
    expect(devanagariToLatin("रेशम साड़ी")).toBe("resham sari");
    expect(canonicalWord("साड़ियाँ")).not.toBe("");
  });
});

describe("typo correction", () => {
  const vocabulary = new Vocabulary([
    ["kurta", 50],
    ["anarkali", 10],
    ["dupatta", 8],
    ["lehenga", 5],
    ["saree", 20],
    ["silk", 30],
    ["sunglass", 3],
    ["kurtb", 1],
  ]);

  it("finds the shop's nearest word within one or two edits, the most used on a tie", () => {
    expect(vocabulary.correct("kurtaa")).toBe("kurta");
    expect(vocabulary.correct("anarkalli")).toBe("anarkali");
    expect(vocabulary.correct("dupata")).toBe("dupatta");
    expect(vocabulary.correct("lehnega")).toBe("lehenga");
    expect(vocabulary.correct("kurtc")).toBe("kurta");
    expect(vocabulary.correct("sikl")).toBe("silk");
  });

  it("leaves known words, short words, numbers and far words alone", () => {
    expect(vocabulary.correct("kurta")).toBeNull();
    expect(vocabulary.correct("kut")).toBeNull();
    expect(vocabulary.correct("12345")).toBeNull();
    expect(vocabulary.correct("velvet")).toBeNull();
    expect(vocabulary.correct("constructor")).toBeNull();
  });

  it("counts an adjacent swap as one edit", () => {
    expect(editDistance("kurta", "kutra")).toBe(1);
    expect(editDistance("dupata", "dupatta")).toBe(1);
    expect(editDistance("abc", "abc")).toBe(0);
  });
});

describe("understanding a search", () => {
  const knowledge = {
    vocabulary: new Vocabulary([
      ["kurta", 50],
      ["anarkali", 10],
      ["silk", 30],
      ["red", 4],
      ["saree", 9],
      ["lehenga", 3],
      ...[...SEED_SPELLINGS].map(([variant]) => [variant, 0] as const),
    ]),
    spellings: new Map([...SEED_SPELLINGS, ["ghagra", "lehenga"]]),
    importantWords: new Set(["kurta", "saree", "lehenga", "anarkali"]),
  };

  it("folds spellings and plurals, transliterates Devanagari and corrects typos", () => {
    const words = (q: string) => understandQuery(q, knowledge).words.map((word) => word.word);
    expect(words("Kurtis")).toEqual(["kurta"]);
    expect(words("कुर्ता")).toEqual(["kurta"]);
    expect(words("लहंगा")).toEqual(["lehenga"]);
    expect(words("silk saris")).toEqual(["silk", "saree"]);
    expect(words("anarkalli kurtaa")).toEqual(["anarkali", "kurta"]);
    expect(words("ghagra")).toEqual(["lehenga"]);
    expect(understandQuery("kurtaa", knowledge).corrected).toBe(true);
    expect(understandQuery("kurtis", knowledge).corrected).toBe(false);
  });

  it("keeps a word it cannot correct, to be looked up as the start of words", () => {
    const [word] = understandQuery("zqxv", knowledge).words;
    expect(word).toMatchObject({ word: "zqxv", known: false, importance: 0 });
  });

  it("leaves out an unknown word first, then a colour or fabric, and a garment type last", () => {
    const words = understandQuery("red zqxv kurta", knowledge).words;
    expect(withoutLeastImportant(words).map((word) => word.word)).toEqual(["red", "kurta"]);
    const known = understandQuery("red silk kurta", knowledge).words;
    expect(withoutLeastImportant(known).map((word) => word.word)).toEqual(["red", "kurta"]);
  });
});
