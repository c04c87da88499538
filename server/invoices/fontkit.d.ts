/** The part of fontkit (pdfkit's own font engine, which ships no types) the invoice uses. */
declare module "fontkit" {
  /** A parsed font; pdfkit takes it in place of a file and embeds the glyphs a document uses. */
  export type Font = { layout: (text: string) => unknown };
  export function create(buffer: Uint8Array): Font;
}
