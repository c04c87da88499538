/*
 * Shopify's "Body (HTML)" and the shop's two paragraphs of plain text (record 41). The shop writes
 * them as `<p>first</p><p>second</p>`, every character kept (line breaks as <br>, tabs and carriage
 * returns as character references), so that its own file reads back to the same text. A body from
 * elsewhere is read as a browser would show it: tags dropped, blocks (p, li, h1…) as paragraphs,
 * <br> as a line break, runs of source whitespace as one space, entities decoded. The first
 * paragraph is the description; the others, one a line, the second description.
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\t": "&#9;",
  "\f": "&#12;",
  "\r": "&#13;",
  "\n": "<br>",
};

function escapeText(text: string): string {
  return text.replace(/[&<>"\t\f\r\n]/g, (character) => ESCAPES[character] ?? character);
}

/** The shop's two paragraphs as Shopify's body. */
export function bodyHtml(description: string, description1: string): string {
  return [description, description1]
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${escapeText(paragraph)}</p>`)
    .join("");
}

const BLOCKS = new Set(
  "p div h1 h2 h3 h4 h5 h6 li ul ol dl dt dd table thead tbody tr td th blockquote section article header footer pre hr".split(
    " ",
  ),
);

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00A0",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  bull: "•",
  middot: "·",
  times: "×",
  deg: "°",
  copy: "©",
  reg: "®",
  trade: "™",
  rupee: "₹",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

// A tag (a "<" then a letter or "/"), a comment, or the text between them.
const TOKENS = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|[^<]+|</g;

/** What a body's tags and text make: paragraphs, the one being written, and an element passed over. */
type Reading = { paragraphs: string[]; current: string; skipping: string | null };

function readToken(reading: Reading, token: string, name: string | undefined): void {
  if (reading.skipping) {
    if (name === reading.skipping && token.startsWith("</")) reading.skipping = null;
  } else if (name === "script" || name === "style") {
    reading.skipping = token.startsWith("</") ? null : name;
  } else if (name === "br") {
    reading.current += "\n";
  } else if (name && BLOCKS.has(name)) {
    reading.paragraphs.push(reading.current);
    reading.current = "";
  } else if (!name && !token.startsWith("<!--")) {
    reading.current += token.replace(/[ \t\r\n\f]*[\t\r\n\f][ \t\r\n\f]*/g, " ");
  }
}

/** A body in HTML (or plain text) as the shop's description and second description. */
export function readBody(html: string): { description: string; description1: string } {
  const reading: Reading = { paragraphs: [], current: "", skipping: null };
  for (const [token, tag] of html.matchAll(TOKENS)) readToken(reading, token, tag?.toLowerCase());
  const text = [...reading.paragraphs, reading.current]
    .map((paragraph) => decodeEntities(paragraph).trim())
    .filter(Boolean);
  return { description: text[0] ?? "", description1: text.slice(1).join("\n") };
}
