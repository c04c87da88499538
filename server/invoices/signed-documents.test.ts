import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { guestDocument } from "../orders/order-documents.service.ts";
import { changeStatus, orderByAccessToken } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { DEMO_SELLER } from "../tax/seller.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, shopSigning } from "../testing/factories.ts";
import { makeTestCertificate, type TestCertificate } from "../testing/signing-certificate.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { openSigningCertificate } from "./document-signing.ts";

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function placedOrder(db: Db) {
  const product = await makeProduct(db, { price: 249_900, hsn: "6204", sizes: { M: 5 } });
  const visitor = makeVisitor();
  await addToCart(db, visitor, { productId: product, size: "M" });
  return placeOrder(db, visitor, checkoutDetails(), atShop());
}

let certificate: TestCertificate;
beforeAll(() => {
  certificate = makeTestCertificate();
});
afterAll(() => certificate.dispose());

/** What poppler's pdfsig says of the PDF's signatures (it reads the file; the certificate is self-signed). */
function pdfsig(pdf: Buffer, name: string): string {
  const file = path.join(certificate.dir, name);
  writeFileSync(file, pdf);
  const run = spawnSync("pdfsig", [file], { encoding: "utf8" });
  if (run.error) throw new Error(`pdfsig (Debian's poppler-utils) checks the signatures: ${run.error.message}`);
  return run.stdout;
}

/** pdfsig's verdict on the signature's integrity (whether the certificate is trusted is another line). */
function validation(report: string): string | undefined {
  return /Signature Validation: (.*)/.exec(report)?.[1]?.trim();
}

describeEachDatabase("signed tax documents", (database) => {
  it("signs the invoice and the credit note with the shop's certificate; a changed byte breaks the signature", async () => {
    const { db } = database();
    const signing = shopSigning(openSigningCertificate(certificate.file, certificate.passphrase));
    const placed = await placedOrder(db);
    const invoice = await guestDocument(db, signing, placed.accessToken, "invoice");
    const number = (await orderByAccessToken(db, placed.accessToken)).invoice?.number ?? "?";

    const report = pdfsig(invoice.pdf, "invoice.pdf");
    expect(report).toContain("Signature Type: adbe.pkcs7.detached");
    expect(report).toContain("Signer Certificate Common Name: Meera Kulkarni");
    expect(report).toContain("Total document signed");
    expect(validation(report)).toBe("Signature is Valid.");
    const signature = invoice.pdf.toString("latin1");
    expect(signature).toContain("/Name (Meera Kulkarni)");
    expect(signature).toContain(`/Reason (Tax invoice ${number})`);
    expect(await pdfText(invoice.pdf)).toContain("Authorised signatory");

    // Someone alters the invoice number in the document's title, inside the signed bytes.
    const tampered = Buffer.from(invoice.pdf);
    const title = tampered.indexOf(`Tax invoice ${number}`);
    const byteRange = /\/ByteRange \[0 (\d+) /.exec(signature);
    expect(title).toBeGreaterThan(0);
    expect(title).toBeLessThan(Number(byteRange?.[1]));
    const lastDigit = title + `Tax invoice ${number}`.length - 1;
    tampered[lastDigit] = tampered[lastDigit] === 0x39 ? 0x38 : 0x39;
    // Poppler names the failure: the signed bytes no longer hash to the signed digest.
    expect(validation(pdfsig(tampered, "tampered.pdf"))).toBe("Digest Mismatch.");

    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "cancelled" });
    const note = await guestDocument(db, signing, placed.accessToken, "credit-note");
    expect(validation(pdfsig(note.pdf, "credit-note.pdf"))).toBe("Signature is Valid.");
    expect(note.pdf.toString("latin1")).toMatch(/\/Reason \(Credit note CN\/\d\d-\d\d\/\d{6}\)/);
  });

  it("leaves the PDF unsigned when the shop has no certificate", async () => {
    const { db } = database();
    const placed = await placedOrder(db);
    const invoice = await guestDocument(db, shopSigning(), placed.accessToken, "invoice");
    expect(invoice.pdf.toString("latin1")).not.toContain("/ByteRange");
    expect(pdfsig(invoice.pdf, "unsigned.pdf")).toContain("does not contain any signatures");
  });

  it("prints the signatory the invoice was issued with, and today's on an order from before signatories", async () => {
    const { db } = database();
    const today = { name: "Arjun Mehta", designation: "Chief Financial Officer" };
    const signing = { ...shopSigning(), signatory: today };
    const placed = await placedOrder(db);
    const issued = await pdfText((await guestDocument(db, signing, placed.accessToken, "invoice")).pdf);
    expect(issued).toContain("Meera Kulkarni Director Authorised signatory");
    expect(issued).not.toContain(today.name);

    // An order placed before the shop named a signatory kept the seller without one.
    const { signatory: _none, ...sellerBefore } = DEMO_SELLER;
    await db
      .updateTable("orders")
      .set({ seller: JSON.stringify(sellerBefore) })
      .where("id", "=", placed.id)
      .execute();
    const older = await pdfText((await guestDocument(db, signing, placed.accessToken, "invoice")).pdf);
    expect(older).toContain("Arjun Mehta Chief Financial Officer Authorised signatory");
  });
});
