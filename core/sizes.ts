/** Clothes S to XL; footwear in UK sizes 3 to 8; bags, jewellery and accessories One Size. */
export const SIZES = ["S", "M", "L", "XL", "UK 3", "UK 4", "UK 5", "UK 6", "UK 7", "UK 8", "One Size"] as const;
export type Size = (typeof SIZES)[number];

/** A size as a line of an order names it: "Size M", "Size UK 5", and "One Size" alone (never "Size One Size"). */
export function sizeText(size: string): string {
  return size === "One Size" ? size : `Size ${size}`;
}

/** The same within a sentence: "size M", "One Size" ("exchange for size L", "Kundan Jhumka, One Size"). */
export function sizeWords(size: string): string {
  return size === "One Size" ? size : `size ${size}`;
}

/** The form field that carries a size's stock: stock_S … stock_UK3 … stock_OneSize. */
export function stockField(size: string): string {
  return `stock_${size.replaceAll(" ", "")}`;
}

/**
 * What a product's material row is called: "Fabric" for textiles and clothes (HSN chapters 50 to
 * 63), "Material" for jewellery, watches, bags, footwear and the like.
 */
export function materialLabel(hsn: string): "Fabric" | "Material" {
  const chapter = Number(hsn.slice(0, 2));
  return chapter >= 50 && chapter <= 63 ? "Fabric" : "Material";
}
