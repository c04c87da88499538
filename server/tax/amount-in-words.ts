const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0–99 in words: "Ninety-Nine". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ""}`;
}

/** 0–999 in words, empty for 0: "Six Hundred Ninety-Nine". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ");
}

/**
 * A whole number in the Indian system: crore (10⁷), lakh (10⁵), thousand, hundred; the crores may
 * themselves run to lakhs and thousands ("One Thousand Crore").
 */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Cannot write ${n} in words.`);
  if (n === 0) return "Zero";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianNumberInWords(crore)} Crore` : "",
    lakh ? `${belowHundred(lakh)} Lakh` : "",
    thousand ? `${belowHundred(thousand)} Thousand` : "",
    belowThousand(rest),
  ]
    .filter(Boolean)
    .join(" ");
}

/** An amount as an invoice writes it: "Rupees Two Thousand Six Hundred Ninety-Nine Only". */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Cannot write ${paise} paise in words.`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  // One paisa, two or more paise.
  const paiseWords = rest ? ` and ${belowHundred(rest)} ${rest === 1 ? "Paisa" : "Paise"}` : "";
  return `Rupees ${indianNumberInWords(rupees)}${paiseWords} Only`;
}
