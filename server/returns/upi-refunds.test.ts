import { expect, it } from "vitest";
import { dashboardFigures } from "../admin/admin.service.ts";
import { signedDocumentFile } from "../invoices/invoices.service.ts";
import type { MailMessage } from "../mail/mail.schemas.ts";
import { renderMail } from "../mail/templates/mail-templates.ts";
import { moneyStory } from "../payments/money-story.ts";
import { findRefunds } from "../payments/payments.repository.ts";
import { DEMO_SIGNATORY } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import { makeProduct, makeVisitor } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { ADMIN, deliveredOrder, takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { returnDocument } from "./return-documents.ts";
import { orderReturnsPanel, requestReturn } from "./returns.service.ts";
import { recordUpiRefund } from "./upi-refunds.ts";

/*
 * A return's refund of a cash order to a UPI ID (record 32): "Refund approved" until the
 * administrator enters the transfer's UTR, then "Refunded", with the UTR and the masked UPI ID in
 * the shopper's mail; the credit note says where the refund goes.
 */

const SETTINGS = { returnDays: 14 };

async function textOf(mail: { subject: string; payload: Record<string, unknown> } | undefined, to: string) {
  const message = { kind: "return-status", to, payload: mail?.payload } as MailMessage;
  return (await renderMail(message, "https://kesar.test")).text;
}

describeEachDatabase("a refund to UPI", (database) => {
  it("is approved until its UTR is entered, then refunded, with the UTR and masked UPI ID mailed", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const email = "upi.refund@mail.in";
    const kurta = await makeProduct(db, { price: 1_899_00, sizes: { M: 3 } });
    const order = await deliveredOrder(db, guest, [{ productId: kurta, size: "M", quantity: 1 }], { email });
    const which = { accessToken: order.accessToken };
    const asked = await requestReturn(db, SETTINGS, guest, which, {
      position: 0,
      quantity: 1,
      kind: "refund",
      reason: "too-large",
      refundMethod: "upi",
      upiId: "asha.verma@okicici",
    });
    await takeThrough(db, asked.id, "refunded");
    const before = await dashboardFigures(db, ADMIN);

    // Accepted: the money is not sent yet.
    const approved = (await orderReturnsPanel(db, SETTINGS, guest, which)).returns[0];
    expect(approved).toMatchObject({
      status: "refunded",
      statusLabel: "Refund approved",
      upi: { id: "as••••••••@okicici", utr: null },
    });
    const acceptance = (await mailsTo(db, email)).at(-1);
    expect(acceptance?.subject).toMatch(/: refund approved$/);
    const acceptanceText = await textOf(acceptance, email);
    expect(acceptanceText).toMatch(/Your return: Refund approved/i);
    expect(acceptanceText).toContain(
      "Refund approved: ₹1,899 to your UPI ID as••••••••@okicici within 2 working days.",
    );
    expect(acceptanceText).not.toContain("asha.verma@okicici");
    expect((await findRefunds(db, order.id)).map((refund) => [refund.via, refund.status])).toEqual([
      ["upi", "requested"],
    ]);
    expect(
      (await moneyStory(db, ADMIN, order.id)).filter((event) => event.flagged).map((event) => event.label),
    ).toEqual(["Refund to UPI approved"]);

    // The credit note says where the refund goes, not how the order was paid.
    const document = await returnDocument(
      db,
      ADMIN,
      { returnIdForAdmin: true },
      asked.id,
      "credit-note",
      DEMO_SIGNATORY,
    );
    const note = pdfText(
      (await signedDocumentFile({ signatory: DEMO_SIGNATORY, certificate: undefined }, document)).pdf,
    );
    expect(note).toContain("Refund to UPI ID as••••••••@okicici");
    expect(note).not.toContain("Cash on delivery");

    // A UTR that is not one is refused with a clear message, and nothing changes.
    expect(await failure(recordUpiRefund(db, ADMIN, { returnId: asked.id, utr: "12345" }))).toMatchObject({
      code: "validation-failed",
      message: expect.stringContaining("12 digits"),
    });
    // Only the administrator.
    expect(await failure(recordUpiRefund(db, guest, { returnId: asked.id, utr: "412345678901" }))).toMatchObject({
      code: "unauthenticated",
    });

    // Entered twice at once: one records it, the other is told.
    const entries = await Promise.allSettled([
      recordUpiRefund(db, ADMIN, { returnId: asked.id, utr: "4123 4567 8901" }),
      recordUpiRefund(db, ADMIN, { returnId: asked.id, utr: "412345678901" }),
    ]);
    expect(entries.filter((entry) => entry.status === "fulfilled")).toHaveLength(1);
    const refunded = (await orderReturnsPanel(db, SETTINGS, guest, which)).returns[0];
    expect(refunded).toMatchObject({ statusLabel: "Refunded", upi: { utr: "412345678901" } });
    const paidMail = (await mailsTo(db, email)).at(-1);
    expect(paidMail?.subject).toMatch(/: refunded$/);
    const paidText = await textOf(paidMail, email);
    expect(paidText).toMatch(/Your return: Refunded/i);
    expect(paidText).toContain("to your UPI ID as••••••••@okicici");
    expect(paidText).toContain("UPI transaction reference (UTR): 412345678901");
    expect((await moneyStory(db, ADMIN, order.id)).filter((event) => event.flagged)).toEqual([]);
    // The dashboard counts it among the refunds, apart from the revenue.
    const after = await dashboardFigures(db, ADMIN);
    expect(after.refunded - before.refunded).toBe(approved?.amount);
  });
});
