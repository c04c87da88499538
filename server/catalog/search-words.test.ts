import { describe, expect, it } from "vitest";
import { canonicalWord, productSearchText, searchWords } from "./search-words.ts";

describe("search words", () => {
  it("treats the common spellings and plurals of one word as the same word", () => {
    for (const [typed, stored] of [
      ["kurti", "Kurta"],
      ["kurtis", "kurtas"],
      ["sari", "Saree"],
      ["sarees", "saree"],
      ["lehnga", "Lehenga"],
      ["duppata", "Dupatta"],
      ["tops", "Top"],
      ["jhumkas", "Jhumka"],
      ["dresses", "Dress"],
      ["t-shirts", "T-Shirt"],
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
    expect(searchWords("Worli Oversized T-Shirt")).toEqual(expect.arrayContaining(["t-shirt", "t", "shirt"]));
  });
});
