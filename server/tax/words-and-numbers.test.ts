import { describe, expect, it } from "vitest";
import { indianNumberInWords, rupeesInWords } from "./amount-in-words.ts";
import { financialYearOf, formatDocumentNumber } from "./document-numbers.ts";
import { gstinCheckCharacter, gstinStateCode, isValidGstin } from "./gstin.ts";

describe("amounts in words, the Indian way", () => {
  it("writes rupees and paise with thousand, lakh and crore", () => {
    expect(rupeesInWords(269_900)).toBe("Rupees Two Thousand Six Hundred Ninety-Nine Only");
    expect(rupeesInWords(1_050)).toBe("Rupees Ten and Fifty Paise Only");
    expect(rupeesInWords(0)).toBe("Rupees Zero Only");
    expect(rupeesInWords(100)).toBe("Rupees One Only");
    expect(indianNumberInWords(100)).toBe("One Hundred");
    expect(indianNumberInWords(1000)).toBe("One Thousand");
    expect(indianNumberInWords(100_000)).toBe("One Lakh");
    expect(indianNumberInWords(1_00_00_000)).toBe("One Crore");
    expect(indianNumberInWords(12_34_56_789)).toBe(
      "Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine",
    );
    expect(indianNumberInWords(99_99_99_999)).toBe(
      "Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine",
    );
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
  });

  it("writes one paisa in the singular", () => {
    expect(rupeesInWords(1)).toBe("Rupees Zero and One Paisa Only");
    expect(rupeesInWords(4_378_01)).toBe("Rupees Four Thousand Three Hundred Seventy-Eight and One Paisa Only");
    expect(rupeesInWords(2)).toBe("Rupees Zero and Two Paise Only");
  });
});

describe("GSTINs", () => {
  it("accepts a GSTIN whose check character fits, and refuses any change to it", () => {
    expect(isValidGstin("27AAPFU0939F1ZV")).toBe(true);
    expect(gstinStateCode("27AAPFU0939F1ZV")).toBe("27");
    expect(isValidGstin("27AAPFU0939F1ZW")).toBe(false);
    expect(isValidGstin("27AAPFU0939F1Z")).toBe(false);
    expect(isValidGstin("99AAPFU0939F1ZV")).toBe(false);
    expect(isValidGstin("27aapfu0939f1zv")).toBe(false);
    const first14 = "19AAACK1234M1Z";
    expect(isValidGstin(`${first14}${gstinCheckCharacter(first14)}`)).toBe(true);
  });
});

describe("document numbers", () => {
  it("counts financial years from April in India time", () => {
    expect(financialYearOf(Date.UTC(2027, 2, 31, 17, 30))).toBe("26-27"); // 31 Mar 2027, 23:00 IST
    expect(financialYearOf(Date.UTC(2027, 2, 31, 19, 0))).toBe("27-28"); // 1 Apr 2027, 00:30 IST
    expect(financialYearOf(Date.UTC(2099, 5, 1))).toBe("99-00");
  });

  it("keeps to 16 letters, digits, '-' and '/'", () => {
    expect(formatDocumentNumber("KS", "26-27", 123)).toBe("KS/26-27/000123");
    expect(formatDocumentNumber("CN", "26-27", 1)).toBe("CN/26-27/000001");
    expect(() => formatDocumentNumber("KSCN", "26-27", 1)).toThrow(/16/);
    expect(() => formatDocumentNumber("KS", "26-27", 0)).toThrow();
  });
});
