/*
 * The columns of the shop's product file (record 41): Shopify's product CSV layout, one row per
 * size, then the shop's own columns. Headers are matched forgivingly: case, spaces and punctuation
 * do not count ("Option1 value", "option 1 value" and "Option1 Value" are one column), and
 * Shopify's newer spellings ("URL handle", "SKU", "Price", "Inventory quantity"…) are the same
 * columns as its older ones.
 */

/** Where a column's value belongs: the product (its first row), each size, or a picture. */
export type ColumnLevel = "handle" | "product" | "size" | "image";

type ColumnSpec = { header: string; level: ColumnLevel; aliases?: readonly string[] };

export const PRODUCT_CSV_COLUMNS = {
  handle: { header: "Handle", level: "handle", aliases: ["URL handle"] },
  title: { header: "Title", level: "product" },
  body: { header: "Body (HTML)", level: "product", aliases: ["Description"] },
  vendor: { header: "Vendor", level: "product" },
  type: { header: "Type", level: "product" },
  tags: { header: "Tags", level: "product" },
  published: { header: "Published", level: "product", aliases: ["Published on online store"] },
  optionName: { header: "Option1 Name", level: "product" },
  size: { header: "Option1 Value", level: "size" },
  sku: { header: "Variant SKU", level: "size", aliases: ["SKU"] },
  stock: { header: "Variant Inventory Qty", level: "size", aliases: ["Inventory quantity"] },
  price: { header: "Variant Price", level: "size", aliases: ["Price"] },
  compareAtPrice: { header: "Variant Compare At Price", level: "size", aliases: ["Compare-at price"] },
  barcode: { header: "Variant Barcode", level: "size", aliases: ["Barcode"] },
  imageSrc: { header: "Image Src", level: "image", aliases: ["Product image URL"] },
  imagePosition: { header: "Image Position", level: "image" },
  status: { header: "Status", level: "product" },
  // The shop's own columns.
  category: { header: "Category", level: "product" },
  fabric: { header: "Fabric", level: "product", aliases: ["Material"] },
  hsn: { header: "HSN", level: "product", aliases: ["HSN code"] },
  collections: { header: "Collections", level: "product", aliases: ["Collection"] },
  returnable: { header: "Returnable", level: "product" },
  reorderPoint: { header: "Variant Reorder Point", level: "size", aliases: ["Reorder point"] },
  titleHi: { header: "Title (Hindi)", level: "product" },
  descriptionHi: { header: "Description (Hindi)", level: "product" },
  // Read only to refuse: the shop's products vary by size alone.
  option2Value: { header: "Option2 Value", level: "size" },
  option3Value: { header: "Option3 Value", level: "size" },
} as const satisfies Record<string, ColumnSpec>;

export type ProductColumn = keyof typeof PRODUCT_CSV_COLUMNS;

/** The columns a file must have: without them no row can be read as a product's size. */
export const REQUIRED_COLUMNS: readonly ProductColumn[] = ["handle", "title", "size", "price"];

/** The columns the shop writes, in order: Shopify's seventeen, then its own. */
export const EXPORTED_COLUMNS: readonly ProductColumn[] = [
  "handle",
  "title",
  "body",
  "vendor",
  "type",
  "tags",
  "published",
  "optionName",
  "size",
  "sku",
  "stock",
  "price",
  "compareAtPrice",
  "barcode",
  "imageSrc",
  "imagePosition",
  "status",
  "category",
  "fabric",
  "hsn",
  "collections",
  "returnable",
  "reorderPoint",
  "titleHi",
  "descriptionHi",
];

export const PRODUCT_CSV_HEADER: readonly string[] = EXPORTED_COLUMNS.map((key) => PRODUCT_CSV_COLUMNS[key].header);

/** "Option 1 value" → "option1value": what a header is compared by. */
function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Options2 and 3's names are Shopify's own columns, kept blank by the shop: read, never reported. */
const KNOWN_UNUSED = new Set(["option2name", "option3name"]);

const BY_HEADER = new Map<string, ProductColumn>(
  (Object.entries(PRODUCT_CSV_COLUMNS) as [ProductColumn, ColumnSpec][]).flatMap(([key, spec]) =>
    [spec.header, ...(spec.aliases ?? [])].map((name) => [headerKey(name), key] as const),
  ),
);

export type HeaderMatch = {
  /** The column each cell of a row is, by position; null for a column the shop does not read. */
  columns: (ProductColumn | null)[];
  /** How the file spells each column it has, for messages ("Price" in Shopify's newer files). */
  names: Partial<Record<ProductColumn, string>>;
  /** Required columns the header lacks. */
  missing: ProductColumn[];
  /** A column given twice (under one spelling or two): the later one, and the one it repeats. */
  repeated: { name: string; first: string }[];
  /** Columns the shop does not read, as the file names them. */
  ignored: string[];
};

/** Which column each cell of the header line is. */
export function matchHeader(cells: readonly string[]): HeaderMatch {
  const match: HeaderMatch = { columns: [], names: {}, missing: [], repeated: [], ignored: [] };
  for (const [index, cell] of cells.entries()) {
    const name = cell.trim();
    const key = BY_HEADER.get(headerKey(name));
    match.columns.push(null);
    if (key === undefined) {
      if (name === "") match.ignored.push(`column ${index + 1} (no name)`);
      else if (!KNOWN_UNUSED.has(headerKey(name))) match.ignored.push(name);
      continue;
    }
    const first = match.names[key];
    if (first !== undefined) {
      match.repeated.push({ name, first });
      continue;
    }
    match.columns[index] = key;
    match.names[key] = name;
  }
  match.missing = REQUIRED_COLUMNS.filter((key) => match.names[key] === undefined);
  return match;
}

/** How a column is named in messages about a file: as the file spells it, else the shop's header. */
export function columnName(names: HeaderMatch["names"], key: ProductColumn): string {
  return names[key] ?? PRODUCT_CSV_COLUMNS[key].header;
}
