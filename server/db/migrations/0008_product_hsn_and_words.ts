import { type Kysely, sql } from "kysely";

/**
 * Products gain their HSN code (the tariff heading their GST rate follows), suggested from their
 * words for the products already there. Their search words are written again in the form searches
 * now compare (title, category, type and fabric, one spelling, singular), and Pinterest Finds and
 * Western take their flag from the category text as well, so that the flag alone decides
 * membership of every collection.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("hsn", "text", (c) => c.notNull().defaultTo("6204"))
    .execute();
  await sql`update products set is_pinterest_finds = 1 where category_key = 'pinterest finds'`.execute(db);
  await sql`update products set is_western = 1 where category_key = 'western'`.execute(db);
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "title", "category", "type", "fabric"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await db
        .updateTable("products")
        .set({ hsn: suggestHsn(row), search_text: productSearchText(row) })
        .where("id", "=", row.id)
        .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/*
 * Frozen here as they were when this migration was written: the HSN suggestion and the search
 * words of that day. Later changes to the live catalogue code must not change what this migration
 * did on a database that runs it today.
 */
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

function suggestHsn(product: { title: string; category: string; type: string; fabric: string | null }): string {
  const text = [product.type, product.title, product.category, product.fabric ?? ""].join(" ").toLowerCase();
  return RULES.find((rule) => rule.when.test(text))?.hsn ?? DEFAULT_HSN;
}

/**
 * What shoppers type and what the catalogue says are brought to the same words: lower case, one
 * spelling for the words Indian shoppers spell several ways (kurti/kurta, sari/saree,
 * lehnga/lehenga, duppata/dupatta…), and singular for plural ("tops" finds a Top). Products store
 * their words this way (searchText); a search looks for every word of the query among them.
 */
const SPELLINGS: Record<string, string> = {
  kurti: "kurta",
  kurtee: "kurta",
  sari: "saree",
  lehnga: "lehenga",
  lengha: "lehenga",
  lehanga: "lehenga",
  duppata: "dupatta",
  dupata: "dupatta",
  chunni: "dupatta",
  chunri: "dupatta",
  jhumki: "jhumka",
  tee: "t-shirt",
  tshirt: "t-shirt",
  jutee: "jutti",
  juti: "jutti",
  mojari: "jutti",
  salwar: "shalwar",
  kameez: "kameez",
  palazzos: "palazzo",
  bag: "bag",
  handbag: "bag",
  purse: "bag",
  earring: "earring",
  trouser: "trouser",
  pant: "trouser",
};

/** Words that end in "s" in the singular. */
const SINGULAR_S = new Set(["dress", "glass", "sunglass", "jeans", "lens", "canvas"]);

/** One word as the search compares it. */
function canonicalWord(word: string): string {
  let lower = word.toLowerCase().normalize("NFKC");
  if (!SINGULAR_S.has(lower) && lower.length > 3) {
    if (lower.endsWith("ies")) lower = `${lower.slice(0, -3)}y`;
    else if (/(ss|x|ch|sh)es$/.test(lower)) lower = lower.slice(0, -2);
    else if (lower.endsWith("s") && !lower.endsWith("ss")) lower = lower.slice(0, -1);
  }
  return SPELLINGS[lower] ?? lower;
}

/** The words of a text, each as the search compares it ("Anarkali Kurtis" → anarkali, kurta). */
function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  return [...new Set(words.flatMap((word) => [canonicalWord(word), ...word.split("-").map(canonicalWord)]))];
}

/** What a product stores to be found by: the words of its title, category, type and fabric. */
function productSearchText(product: { title: string; category: string; type: string; fabric: string | null }) {
  return searchWords([product.title, product.category, product.type, product.fabric ?? ""].join(" ")).join(" ");
}
