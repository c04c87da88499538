import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus, orderByAccessToken } from "../orders/orders.service.ts";
import { placeOrder, type Sale } from "../orders/place-order.ts";
import { DEMO_SELLER, DEMO_SIGNATORY, type SellerDetails } from "../tax/seller.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, shopSigning } from "../testing/factories.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { invoiceDocument, signedDocumentFile } from "./invoices.service.ts";

/*
 * What every copy of a tax document says besides its figures (record 34): a demo seller's document
 * is a specimen, on every page; goods that move under an e-way bill carry a transporter's copy of
 * their invoice (CGST Rule 48(1)(b)).
 */

/** A registered seller of its own: the shop once SHOP_LEGAL_NAME, SHOP_ADDRESS and SHOP_GSTIN are set. */
const REGISTERED: SellerDetails = {
  ...DEMO_SELLER,
  legalName: "Rao Textiles LLP",
  gstin: "27AAPFU0939F1ZV",
};
const KOLKATA = { address: "12 Park Street", city: "Kolkata", stateCode: "19", pincode: "700016" };

async function orderedDocuments(db: Db, price: number, sale: Sale, delivery: Record<string, unknown> = {}) {
  const visitor = makeVisitor();
  await addToCart(db, visitor, {
    productId: await makeProduct(db, { price, hsn: "6204", sizes: { M: 3 } }),
    size: "M",
  });
  const placed = await placeOrder(db, visitor, checkoutDetails(delivery), sale);
  const text = async (kind: "invoice" | "credit-note") => {
    const order = await orderByAccessToken(db, placed.accessToken);
    const document = await invoiceDocument(db, order, kind, DEMO_SIGNATORY);
    return pdfText((await signedDocumentFile(shopSigning(), document)).pdf);
  };
  return { placed, text };
}

const count = (text: string, phrase: string) => text.split(phrase).length - 1;

describeEachDatabase("what a tax document says of itself", (database) => {
  it("marks a demo seller's invoice and credit note as specimens, and no registered seller's", async () => {
    const { db } = database();
    const demo = await orderedDocuments(db, 249_900, atShop());
    await changeStatus(db, SYSTEM, { orderId: demo.placed.id, from: "placed", to: "cancelled" });
    for (const kind of ["invoice", "credit-note"] as const) {
      const text = await demo.text(kind);
      expect(text, kind).toContain("Specimen — not a tax invoice");
      expect(text, kind).toContain("SPECIMEN: the seller above is a demonstration company");
    }
    const real = await orderedDocuments(db, 249_900, { seller: REGISTERED });
    const text = await real.text("invoice");
    expect(text).toContain("GSTIN: 27AAPFU0939F1ZV");
    expect(text).not.toMatch(/specimen/i);
  });

  it("prints the transporter's duplicate of an invoice whose goods need an e-way bill, and only then", async () => {
    const { db } = database();
    const large = await orderedDocuments(db, 62_400_00, atShop(), KOLKATA);
    const text = await large.text("invoice");
    expect(count(text, "Original for recipient")).toBe(1);
    expect(count(text, "Duplicate for transporter")).toBe(1);
    // The duplicate is the whole invoice again: its number and total twice over.
    const number = /Invoice No\. (KS\/\d\d-\d\d\/\d{6})/.exec(text)?.[1] ?? "missing";
    expect(count(text, number)).toBe(2);
    expect(count(text, "Grand total ₹ 62,500.00")).toBe(2);

    const small = await orderedDocuments(db, 2_499_00, atShop(), KOLKATA);
    const plain = await small.text("invoice");
    expect(plain).toContain("Original for recipient");
    expect(plain).not.toContain("Duplicate for transporter");
  });
});
