import { expect, it } from "vitest";
import { addToCart } from "../cart/cart.service.ts";
import { guestDocument } from "../orders/order-documents.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, shopSigning } from "../testing/factories.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { describeOnSqlite } from "../testing/test-databases.ts";

/*
 * A buyer who writes their name and address in Devanagari gets them back on the invoice as typed:
 * poppler's pdftotext reads the shaped glyphs (conjuncts, the vowel sign before its consonant) back
 * to the same text, which it can only do when the font's shaping and the PDF's text map agree.
 */
describeOnSqlite("invoices for a buyer who writes in Devanagari", (database) => {
  it("prints the buyer's Devanagari name and address, and the headings in English and Hindi", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { title: "Chikankari Kurta", price: 189_900, hsn: "6204", sizes: { M: 3 } });
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: kurta, size: "M" });
    const name = "क्षितिज श्रीवास्तव";
    const address = "फ़्लैट 12, गुलमोहर अपार्टमेंट, गांधी नगर";
    const placed = await placeOrder(db, visitor, checkoutDetails({ name, address }), {
      ...atShop(),
      locale: "hi-IN",
    });
    const text = pdfText((await guestDocument(db, shopSigning(), placed.accessToken, "invoice")).pdf);
    for (const expected of [
      "TAX INVOICE",
      "कर बीजक",
      "BILL TO · बिल प्राप्तकर्ता",
      "डिलीवरी का पता",
      "Grand total",
      "कुल राशि",
      "राशि शब्दों में",
      name,
      address,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});
