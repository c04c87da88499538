import { createHash } from "node:crypto";
import sharp from "sharp";
import { expect, it } from "vitest";
import { orderPointsMessage } from "#core/points.ts";
import { deleteAccount } from "../accounts/identity.service.ts";
import { signedDocumentFile } from "../invoices/invoices.service.ts";
import { customerOrder } from "../orders/orders.service.ts";
import { findRefunds } from "../payments/payments.repository.ts";
import { pointsSummary } from "../rewards/rewards.service.ts";
import { MAX_UPLOAD_BYTES } from "../storage/shaped-images.ts";
import { storeCreditSummary } from "../store-credit/store-credit.service.ts";
import { DEMO_SIGNATORY } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { ADMIN, deliveredOrder, stockOf, takeThrough } from "../testing/return-fixtures.ts";
import { scratchStorage } from "../testing/scratch-storage.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { returnDocument } from "./return-documents.ts";
import { returnOptions } from "./return-options.ts";
import { pieceShare } from "./return-shares.ts";
import { advanceReturn, requestReturn, returnQueue, returnsByReason, returnsOfOrder } from "./returns.service.ts";

const SETTINGS = { returnDays: 14 };
const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase("returns for a refund", (database) => {
  it("returns one line of a two-line cash order as store credit, with its own credit note", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const kurta = await makeProduct(db, { title: "Test kurta Chanderi", price: 249_900, sizes: { M: 3 } });
    const dupatta = await makeProduct(db, { price: 89_900, sizes: { M: 3 } });
    const order = await deliveredOrder(db, actor, [
      { productId: kurta, size: "M", quantity: 1 },
      { productId: dupatta, size: "M", quantity: 1 },
    ]);
    const before = await pointsSummary(db, actor);
    const options = await returnOptions(db, SETTINGS, actor, { orderNumber: order.orderNumber });
    expect(options).toMatchObject({ open: true, refundMethods: ["store-credit", "upi"] });
    const line = options.lines[0];
    expect(line).toMatchObject({
      title: expect.stringContaining("Test kurta"),
      returnable: 1,
      amountPerPiece: 249_900,
    });

    const { id } = await requestReturn(
      db,
      SETTINGS,
      actor,
      { orderNumber: order.orderNumber },
      {
        position: 0,
        quantity: 1,
        kind: "refund",
        reason: "too-small",
        refundMethod: "store-credit",
      },
    );
    await takeThrough(db, id, "refunded");

    const [request] = await returnsOfOrder(db, actor, { orderNumber: order.orderNumber });
    expect(request).toMatchObject({ status: "refunded", amount: 249_900 });
    expect(request?.creditNote?.number).toMatch(/^RC\/\d\d-\d\d\/000001$/);
    expect(await stockOf(db, kurta, "M")).toBe(3);
    expect(await storeCreditSummary(db, actor)).toMatchObject({
      balance: 249_900,
      ledger: [{ kind: "return-refund", amount: 249_900, orderNumber: order.orderNumber }],
    });
    const after = await pointsSummary(db, actor);
    const stored = await db
      .selectFrom("orders")
      .select(["pointsEarned", "invoiceNumber"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    const earned = stored.pointsEarned;
    const takenBack = Math.floor((earned * 249_900) / (249_900 + 89_900));
    expect(after.balance).toBe(before.balance - takenBack);
    // The ledger says why, for the return's entry as for the delivery's.
    expect(after.ledger.map(({ points, reason }) => ({ points, reason }))).toEqual([
      { points: -takenBack, reason: "returned Test kurta Chanderi" },
      { points: earned, reason: "earned: order delivered" },
    ]);
    // The order's page says what is left of its points, not what it first earned.
    const shown = await customerOrder(db, actor, order.orderNumber);
    expect(shown.pointsTakenBack).toBe(takenBack);
    expect(orderPointsMessage(shown)).toBe(
      `You earned ${earned} reward points on this order; ${takenBack} went back with the pieces you returned, so ${earned - takenBack} remain yours.`,
    );

    const document = await returnDocument(
      db,
      actor,
      { orderNumber: order.orderNumber },
      id,
      "credit-note",
      DEMO_SIGNATORY,
    );
    expect(document.against?.number).toBe(stored.invoiceNumber);
    expect(document.totals).toMatchObject({ total: 249_900 });
    expect(document.lines).toHaveLength(1);
    expect(document.lines[0]).toMatchObject({ quantity: 1, rateBps: 500 });
    const { pdf } = await signedDocumentFile({ signatory: DEMO_SIGNATORY, certificate: undefined }, document);
    const text = pdfText(pdf);
    expect(text).toContain(request?.creditNote?.number ?? "?");
    expect(text).toContain(stored.invoiceNumber ?? "?");
    expect(text).toContain("2,499.00");
    expect(text).toContain("were returned");
    expect(text).not.toContain("was cancelled");

    const steps = (await mailsTo(db, customer.email)).filter((mail) => mail.kind === "return-status");
    expect(steps.map((mail) => mail.payload.status)).toEqual([
      "requested",
      "pickup-scheduled",
      "picked-up",
      "received",
      "refunded",
    ]);
    expect(await returnsByReason(db, ADMIN)).toContainEqual(
      expect.objectContaining({ productId: kurta, size: "M", reason: "too-small", pieces: 1 }),
    );
  });

  it("keeps the rate of the pieces kept when two of three pieces come back, and the shares add up", async () => {
    const row = {
      kind: "goods" as const,
      description: "x",
      hsn: "6204",
      quantity: 3,
      gross: 1_000_00,
      discount: 10_01,
      taxable: 94_285,
      rateBps: 500,
      cgst: 2_357,
      sgst: 2_357,
      igst: 0,
    };
    const first = pieceShare(row, 0, 2);
    const rest = pieceShare(row, 2, 1);
    expect(first.rateBps).toBe(500);
    for (const key of ["gross", "discount", "taxable", "cgst", "sgst"] as const)
      expect(first[key] + rest[key]).toBe(row[key]);
    // Each credit note adds up to its own total, to the paisa.
    for (const share of [first, rest, pieceShare(row, 0, 1), pieceShare(row, 1, 1)])
      expect(share.taxable + share.cgst + share.sgst + share.igst).toBe(share.gross - share.discount);
  });

  it("refunds an online payment's returned part once, under the return's own key", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 3 } });
    const order = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 2 }]);
    await db
      .updateTable("orders")
      .set({ paymentMethod: "online", paymentStatus: "paid", paymentId: "pay_returns_test" })
      .where("id", "=", order.id)
      .execute();
    const { id } = await requestReturn(
      db,
      SETTINGS,
      actor,
      { orderNumber: order.orderNumber },
      {
        position: 0,
        quantity: 1,
        kind: "refund",
        reason: "defective",
      },
    );
    await takeThrough(db, id, "refunded");
    // A second click on the last step changes nothing.
    expect(await failure(advanceReturn(db, ADMIN, { returnId: id, from: "received", to: "refunded" }))).toMatchObject({
      code: "stale-update",
    });
    expect(await findRefunds(db, order.id)).toEqual([
      expect.objectContaining({ refundKey: `return:${id}`, amount: 149_900, paymentId: "pay_returns_test" }),
    ]);
    // The other piece may come back too, as its own refund.
    const second = await requestReturn(
      db,
      SETTINGS,
      actor,
      { orderNumber: order.orderNumber },
      {
        position: 0,
        quantity: 1,
        kind: "refund",
        reason: "defective",
      },
    );
    await takeThrough(db, second.id, "refunded");
    expect((await findRefunds(db, order.id)).map((refund) => refund.amount)).toEqual([149_900, 149_900]);
  });
});

describeEachDatabase("return rules", (database) => {
  it("never asks back more pieces than a line had, and two tabs at once write one request", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { sizes: { M: 3 } });
    const order = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 1 }]);
    const ask = () =>
      requestReturn(
        db,
        SETTINGS,
        actor,
        { orderNumber: order.orderNumber },
        {
          position: 0,
          quantity: 1,
          kind: "refund",
          reason: "changed-mind",
          refundMethod: "store-credit",
        },
      );
    const results = await Promise.allSettled([ask(), ask(), ask()]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await returnsOfOrder(db, actor, { orderNumber: order.orderNumber })).toHaveLength(1);
    expect(await failure(ask())).toMatchObject({ code: "invalid-transition" });
    expect(
      await failure(
        requestReturn(
          db,
          SETTINGS,
          actor,
          { orderNumber: order.orderNumber },
          {
            position: 0,
            quantity: 2,
            kind: "refund",
            reason: "changed-mind",
          },
        ),
      ),
    ).toMatchObject({ code: "invalid-transition" });
  });

  it("refuses after the window, before delivery, for a non-returnable piece, and a bad UPI ID", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const ring = await makeProduct(db, { sizes: { M: 3 } });
    await db.updateTable("products").set({ nonReturnable: 1 }).where("id", "=", ring).execute();
    const kurta = await makeProduct(db, { sizes: { M: 3 } });
    const order = await deliveredOrder(db, guest, [
      { productId: ring, size: "M", quantity: 1 },
      { productId: kurta, size: "M", quantity: 1 },
    ]);
    const which = { accessToken: order.accessToken };
    const ask = (position: number, extra: Record<string, unknown> = {}, now?: number) =>
      requestReturn(
        db,
        SETTINGS,
        makeVisitor(),
        which,
        { position, quantity: 1, kind: "refund", reason: "too-large", ...extra },
        now,
      );
    expect(await failure(ask(0, { upiId: "asha@okaxis", refundMethod: "upi" }))).toMatchObject({
      message: "This piece cannot be returned.",
    });
    expect(await failure(ask(1, { refundMethod: "upi", upiId: "not a upi" }))).toMatchObject({
      code: "validation-failed",
    });
    expect(await failure(ask(1, { refundMethod: "store-credit" }))).toMatchObject({ code: "validation-failed" });
    expect(await failure(ask(1, { refundMethod: "upi", upiId: "asha@okaxis" }, Date.now() + 15 * DAY))).toMatchObject({
      code: "invalid-transition",
    });
    const { id } = await ask(1, { refundMethod: "upi", upiId: "asha@okaxis" });
    expect(id).toBeGreaterThan(0);
    expect(await failure(returnOptions(db, SETTINGS, makeVisitor(), { accessToken: "x".repeat(40) }))).toMatchObject({
      code: "not-found",
    });
  });
});

describeEachDatabase("a photo with the request", (database) => {
  const storage = scratchStorage("kesar-returns-");
  /** Where a picture is kept: named by its content. */
  const refOf = (data: Buffer) => `returns/${createHash("sha256").update(data).digest("hex").slice(0, 20)}`;
  const storedBytes = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.get(key))?.body ?? []) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it("keeps it re-encoded and without its hidden details, for the admin's queue; refuses what is not a picture", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { sizes: { M: 3 } });
    const order = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 2 }]);
    const ask = (data: Buffer) =>
      requestReturn(
        db,
        SETTINGS,
        actor,
        { orderNumber: order.orderNumber },
        { position: 0, quantity: 1, kind: "refund", reason: "defective", refundMethod: "store-credit" },
        Date.now(),
        { storage, data },
      );
    expect(await failure(ask(Buffer.from("<svg onload=alert(1)>")))).toMatchObject({
      code: "unsupported-media-type",
    });
    expect(await failure(ask(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff)))).toMatchObject({ code: "payload-too-large" });
    expect(await returnsOfOrder(db, actor, { orderNumber: order.orderNumber })).toEqual([]);
    // Someone else's order is not found before any file is kept.
    const stranger = actorFor(await makeCustomer(db));
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#2050c0" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Meera at home in Thane" } })
      .toBuffer();
    const fields = { position: 0, quantity: 1, kind: "refund", reason: "defective" } as const;
    expect(
      await failure(
        requestReturn(db, SETTINGS, stranger, { orderNumber: order.orderNumber }, fields, Date.now(), {
          storage,
          data: photo,
        }),
      ),
    ).toMatchObject({ code: "not-found" });
    expect(await storage.get(`${refOf(photo)}-640.webp`)).toBeNull();

    const { id } = await ask(photo);
    const [queued] = (await returnQueue(db, ADMIN, "requested")).filter((entry) => entry.id === id);
    expect(queued?.photo).toBe(refOf(photo));
    const metadata = await sharp(await storedBytes(`${queued?.photo}-640.webp`)).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 640, height: 800 });
    expect(metadata.exif).toBeUndefined();
    // A second request for the same line is refused, and its photo is not kept.
    const other = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#20c050" } })
      .png()
      .toBuffer();
    expect(await failure(ask(other))).toMatchObject({ code: "idempotency-conflict" });
    expect(await storage.get(`${refOf(other)}-640.webp`)).toBeNull();
    // The customer deletes the account: the photo goes, the request stays for the accounts.
    await deleteAccount(db, storage, actor, { password: "Secret-pass-1", confirm: true });
    expect(await storage.get(`${refOf(photo)}-640.webp`)).toBeNull();
    expect(await db.selectFrom("returns").select("photo").where("id", "=", id).executeTakeFirst()).toEqual({
      photo: null,
    });
  });
});

describeEachDatabase("size exchanges", (database) => {
  it("holds the new size at once, restocks the returned one on acceptance, and puts the held size back when rejected", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { price: 199_900, sizes: { M: 2, L: 1 } });
    const order = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 2 }]);
    const exchange = (quantity: number) =>
      requestReturn(
        db,
        SETTINGS,
        actor,
        { orderNumber: order.orderNumber },
        {
          position: 0,
          quantity,
          kind: "exchange",
          reason: "too-small",
          exchangeSize: "L",
        },
      );
    expect(await failure(exchange(2))).toMatchObject({ code: "out-of-stock" });
    expect(await stockOf(db, kurta, "L")).toBe(1);
    const { id } = await exchange(1);
    expect(await stockOf(db, kurta, "L")).toBe(0);
    expect(
      (await returnOptions(db, SETTINGS, actor, { orderNumber: order.orderNumber })).lines[0]?.exchangeSizes,
    ).toEqual([]);
    await takeThrough(db, id, "exchange-shipped");
    expect(await stockOf(db, kurta, "M")).toBe(1);
    const [done] = await returnsOfOrder(db, actor, { orderNumber: order.orderNumber });
    expect(done).toMatchObject({ status: "exchange-shipped", exchangeSize: "L" });
    expect(done?.creditNote?.number).toMatch(/^RC\//);
    expect(done?.amount).toBe(199_900);
    expect(await storeCreditSummary(db, actor)).toMatchObject({ balance: 0 });

    await db
      .updateTable("productSizes")
      .set({ stock: 1 })
      .where("productId", "=", kurta)
      .where("size", "=", "L")
      .execute();
    const second = await exchange(1);
    await advanceReturn(db, ADMIN, { returnId: second.id, from: "requested", to: "pickup-scheduled" });
    expect(
      await failure(advanceReturn(db, ADMIN, { returnId: second.id, from: "pickup-scheduled", to: "rejected" })),
    ).toMatchObject({ code: "validation-failed" });
    await advanceReturn(db, ADMIN, {
      returnId: second.id,
      from: "pickup-scheduled",
      to: "rejected",
      rejectReason: "The tags were removed.",
    });
    expect(await stockOf(db, kurta, "L")).toBe(1);
    expect(
      await failure(advanceReturn(db, actor, { returnId: second.id, from: "rejected", to: "received" })),
    ).toMatchObject({
      code: "forbidden",
    });
  });
});
