/**
 * A sensible HSN code (the tariff heading GST rates are set by) for a product from its words, used
 * when a product has none yet (products made before HSN codes were kept, a new product's form).
 * The administrator can always correct it. The first rule that matches wins.
 */
const RULES: { hsn: string; when: RegExp }[] = [
  { hsn: "5007", when: /\bsaree\b.*\bsilk\b|\bsilk\b.*\bsaree\b/ },
  { hsn: "5208", when: /\bsaree\b.*\bcotton\b|\bcotton\b.*\bsaree\b/ },
  { hsn: "5407", when: /\bsaree\b|\bsari\b/ },
  { hsn: "6403", when: /\b(jutti|juttis|flats|mojari|kolhapuri|sandal|sandals|footwear|shoe|shoes|heels)\b/ },
  { hsn: "9102", when: /\bwatch(es)?\b/ },
  { hsn: "9004", when: /\bsunglass(es)?\b|\bgoggles\b/ },
  { hsn: "9615", when: /\b(hair|clip|clips|scrunchie|scrunchies|claw)\b/ },
  { hsn: "4202", when: /\b(bag|bags|tote|clutch|sling|purse|wallet|baguette)\b/ },
  { hsn: "7113", when: /\b(sterling|gold|silver 925)\b.*\b(ring|rings|earring|earrings|necklace|bangle|bangles)\b/ },
  { hsn: "7116", when: /\bpearl\b.*\bnecklace\b|\bnecklace\b.*\bpearl\b/ },
  {
    hsn: "7117",
    when: /\b(jhumka|jhumkas|earring|earrings|necklace|bangle|bangles|tikka|ring|rings|choker|anklet|chain)\b/,
  },
  { hsn: "4203", when: /\bbelt\b.*\bleather\b/ },
  { hsn: "6307", when: /\bkeychain\b|\bkey ring\b/ },
  { hsn: "6204", when: /\bkurta set\b|\bkurta\b.*\bset\b/ },
  { hsn: "6214", when: /\b(dupatta|stole|shawl|scarf|bandana|muffler)\b/ },
  { hsn: "6109", when: /\bt-shirt\b|\btee\b/ },
  { hsn: "6104", when: /\bknit\b|\bcardigan\b/ },
  { hsn: "6206", when: /\b(top|tops|blouse|shirt|shirts|kurti)\b/ },
];

/** Suits, kurtas, lehengas, dresses, skirts and trousers: women's garments of woven textile. */
const DEFAULT_HSN = "6204";

export function suggestHsn(product: { title: string; category: string; type: string; fabric: string | null }): string {
  const text = [product.type, product.title, product.category, product.fabric ?? ""].join(" ").toLowerCase();
  return RULES.find((rule) => rule.when.test(text))?.hsn ?? DEFAULT_HSN;
}
