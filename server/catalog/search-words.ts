/**
 * What shoppers type and what the catalogue says are brought to the same words: lower case, one
 * spelling for the words Indian shoppers spell several ways (kurti/kurta, sari/saree,
 * lehnga/lehenga, duppata/dupatta…), and singular for plural ("tops" finds a Top). Products store
 * their words this way (searchText); a search looks for every word of the query among them.
 */
const SPELLINGS: ReadonlyMap<string, string> = new Map(
  Object.entries({
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
  }),
);

/** Words that end in "s" in the singular. */
const SINGULAR_S = new Set(["dress", "glass", "sunglass", "jeans", "lens", "canvas"]);

/** One word as the search compares it. */
export function canonicalWord(word: string): string {
  let lower = word.toLowerCase().normalize("NFKC");
  if (!SINGULAR_S.has(lower) && lower.length > 3) {
    if (lower.endsWith("ies")) lower = `${lower.slice(0, -3)}y`;
    else if (/(ss|x|ch|sh)es$/.test(lower)) lower = lower.slice(0, -2);
    else if (lower.endsWith("s") && !lower.endsWith("ss")) lower = lower.slice(0, -1);
  }
  // A Map, not an object: a shopper's word such as "constructor" must not find Object's own members.
  return SPELLINGS.get(lower) ?? lower;
}

/** The words of a text, each as the search compares it ("Anarkali Kurtis" → anarkali, kurta). */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  return [...new Set(words.flatMap((word) => [canonicalWord(word), ...word.split("-").map(canonicalWord)]))];
}

/** What a product stores to be found by: the words of its title, category, type and fabric. */
export function productSearchText(product: { title: string; category: string; type: string; fabric: string | null }) {
  return searchWords([product.title, product.category, product.type, product.fabric ?? ""].join(" ")).join(" ");
}
