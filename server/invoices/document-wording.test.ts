import { extractText, getDocumentProxy } from "unpdf";
import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { guestDocument } from "../orders/order-documents.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, shopSigning } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describeEachDatabase("the wording of tax documents", (database) => {
  it("names a one-size piece without its size, and totals a credit note as the credit", async () => {
    const { db } = database();
    const jhumka = await makeProduct(db, { title: "Kundan Jhumka Earrings", hsn: "7117", sizes: { "One Size": 4 } });
    const guest = makeVisitor();
    await addToCart(db, guest, { productId: jhumka, size: "One Size" });
    const placed = await placeOrder(db, guest, checkoutDetails(), atShop());
    const invoice = await pdfText((await guestDocument(db, shopSigning(), placed.accessToken, "invoice")).pdf);
    expect(invoice).toContain("Kundan Jhumka Earrings");
    expect(invoice).not.toContain("size One Size");
    expect(invoice).toContain("Grand total");

    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "cancelled" });
    const credit = await pdfText((await guestDocument(db, shopSigning(), placed.accessToken, "credit-note")).pdf);
    expect(credit).toContain("Total credit");
    expect(credit).not.toContain("Grand total");
  });
});
