/** The vocabulary of a drawing: its colours, its pattern, its metal and the details it must show. */
export type Palette = { background: string; primary: string; secondary: string; accent: string };
export const PATTERNS = [
  "plain",
  "dots",
  "stripes",
  "paisley",
  "floral",
  "checks",
  "breton",
  "ribbed",
  "leheriya",
  "ikat",
] as const;
export type Pattern = (typeof PATTERNS)[number];
export const METALS = ["gold", "silver", "oxidised", "rose-gold"] as const;
export type Metal = (typeof METALS)[number];
/**
 * What a product's description says that the drawing of its kind must show. A kind ignores the details
 * that do not apply to it.
 */
export const DETAILS = [
  "two-piece", // suit: kameez and trousers only, no dupatta
  "dupatta", // kurta, anarkali: a dupatta over the shoulders
  "palazzo", // kurta: flared palazzos instead of straight pants
  "calf", // anarkali: a calf-length kurta over churidar
  "tiered", // anarkali, dress, skirt: gathered tiers
  "slip", // dress: a strappy satin slip dress, layered over a tee
  "maxi", // dress: floor length
  "wrap", // dress: crossed front tied at the waist
  "fitted", // top: fitted, short sleeves, straight hem
  "boat", // top: boat neck and three-quarter sleeves
  "cardigan", // co-ord: a cropped button cardigan
  "shirt", // co-ord: a boxy shirt over drawstring trousers
  "mini", // skirt: above the knee
  "satin", // skirt: bias-cut satin midi
  "lehenga", // skirt: floor-length flared lehenga skirt with a gota border
  "wide", // jeans: wide leg
  "bucket", // tote: round crocheted bucket bag
  "pearl", // clutch: pearl handle; necklace: pearl strands
  "chain", // sling, belt: metal chain
  "quilted", // sling: quilted body and turn-lock
  "choker", // necklace: a temple choker with matching earrings
  "stack", // ring: three slim stacking bands
  "oval", // sunglasses: slim oval frames
  "cat-eye", // sunglasses: upswept frames
  "tortoise", // sunglasses: tortoiseshell frames
  "mesh", // watch: metal mesh strap
] as const;
export type Detail = (typeof DETAILS)[number];
/** Per-product refinements of the drawing: the metal of the piece and the details its description names. */
export type Look = { details?: readonly Detail[]; metal?: Metal };
