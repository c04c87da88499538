import { afterAll, beforeAll, expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { type IndianMobile, nationalNumber } from "#core/phone.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { orderIndexQuerySchema } from "../orders/order-index.schemas.ts";
import { orderIndex } from "../orders/order-index.service.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { ShiprocketCarrier } from "../shipping/shiprocket.ts";
import { failure } from "../testing/app-error.ts";
import { auditEntriesOf, staffActor } from "../testing/back-office.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor } from "../testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { capturingSms, messagesFor, sendDueMessages, testDelivery, uniqueMobile } from "../testing/messages.ts";
import { ADMIN } from "../testing/return-fixtures.ts";
import { book } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import {
  AWAITING_MESSAGE,
  answerByBuyer,
  CONFIRM_FLAG_AFTER_MS,
  confirmationPage,
  confirmationStates,
  confirmForBuyer,
  confirmWithBuyer,
  LINK_NOT_VALID,
} from "./cod-confirmation.service.ts";

/*
 * A cash order with more to pay than COD_CONFIRM_ABOVE_RUPEES waits for its buyer's confirmation by
 * a link sent by SMS; the order machine will not ship it before (a guard from this room).
 */

const THRESHOLD = 3_000_00;
const SHIPMENT = { courier: "Delhivery", trackingNumber: "DL 1234 5678" };

describeEachDatabase("a large cash order confirmed by its buyer", (database) => {
  let courier: LocalCourier;
  beforeAll(async () => {
    courier = await startLocalCourier();
  });
  afterAll(async () => courier.close());

  /** A cash order of `price` (plus ₹100 shipping) to `phone`, placed by a visitor under the ₹3,000 rule. */
  async function cashOrder(
    db: Db,
    price: number,
    options: { phone?: IndianMobile; online?: boolean; now?: number; threshold?: number | null } = {},
  ) {
    const phone = options.phone ?? uniqueMobile();
    const product = await makeProduct(db, { price, sizes: { M: 5 } });
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: product, size: "M", quantity: 1 });
    const payments = {
      codMaxPaise: 10_000_000,
      codFeePaise: 0,
      online: options.online ?? false,
      codConfirmAbovePaise: options.threshold === undefined ? THRESHOLD : options.threshold,
    };
    const details = checkoutDetails({
      phone: nationalNumber(phone),
      paymentMethod: options.online ? "online" : "cod",
    });
    const placed = await placeOrder(db, visitor, details, { ...atShop(options.now), payments });
    return { ...placed, phone, visitor };
  }

  /** The confirmation link's code, as the buyer reads it in the SMS. */
  async function codeSentTo(db: Db, phone: IndianMobile): Promise<string> {
    const sms = capturingSms();
    await sendDueMessages(testDelivery(db, { sms, publicUrl: "https://kesar.test" }));
    const text = sms.sent.find((message) => message.to === phone && message.template === "cod-confirm.en")?.text ?? "";
    const code = text.match(/kesar\.test\/confirm\/([A-Za-z0-9]+) - Kesar$/)?.[1];
    if (!code) throw new Error(`No confirmation link in: ${text}`);
    return code;
  }

  it("asks the buyer of a cash order above the threshold to confirm it, and keeps only a hash of the link's code", async () => {
    const { db } = database();
    const order = await cashOrder(db, 3_200_00);
    const code = await codeSentTo(db, order.phone);
    expect(code).toHaveLength(24);
    const kept = await db.selectFrom("codConfirmations").selectAll().where("orderId", "=", order.id).executeTakeFirst();
    expect(kept).toMatchObject({ answer: null, answeredAt: null });
    expect(JSON.stringify(kept)).not.toContain(code);
    // The outbox forgets the link once the SMS is sent.
    expect((await messagesFor(db, order.phone)).every((row) => !row.payload.includes(code))).toBe(true);
    expect(await confirmationPage(db, code)).toMatchObject({
      orderNumber: order.orderNumber,
      toPay: 3_300_00,
      open: true,
      answer: null,
    });
  });

  it("asks nothing of a cash order at or below the threshold, of an online order, or when the rule is off", async () => {
    const { db } = database();
    const small = await cashOrder(db, 2_900_00);
    const online = await cashOrder(db, 5_000_00, { online: true });
    const off = await cashOrder(db, 9_000_00, { threshold: null });
    const states = await confirmationStates(db, ADMIN, [small.id, online.id, off.id]);
    expect(states.size).toBe(0);
    const kinds = (await messagesFor(db, small.phone)).map((row) => row.kind);
    expect(kinds).toEqual(["order-placed"]);
    await changeStatus(db, SYSTEM, { orderId: small.id, from: "placed", to: "shipped", ...SHIPMENT });
    await changeStatus(db, SYSTEM, { orderId: off.id, from: "placed", to: "shipped", ...SHIPMENT });
  });

  it("will not ship it until the buyer confirms; then it ships", async () => {
    const { db } = database();
    const order = await cashOrder(db, 4_500_00);
    const code = await codeSentTo(db, order.phone);
    expect(await confirmationStates(db, ADMIN, [order.id])).toEqual(new Map([[order.id, "awaiting"]]));
    const refused = await failure(
      changeStatus(db, ADMIN, { orderId: order.id, from: "placed", to: "shipped", ...SHIPMENT }),
    );
    expect(refused).toMatchObject({ code: "invalid-transition", message: AWAITING_MESSAGE });
    expect((await orderRow(db, { id: order.id }))?.status).toBe("placed");

    expect(await answerByBuyer(db, order.visitor, code, { answer: "confirm" })).toBe("confirmed");
    expect(await confirmationPage(db, code)).toMatchObject({ open: false, answer: "confirmed" });
    // A link answers once.
    expect(await failure(answerByBuyer(db, order.visitor, code, { answer: "confirm" }))).toMatchObject({
      code: "invalid-transition",
    });
    await changeStatus(db, ADMIN, { orderId: order.id, from: "placed", to: "shipped", ...SHIPMENT });
    expect((await orderRow(db, { id: order.id }))?.status).toBe("shipped");
  });

  it("books no courier for it until the buyer confirms, as it would not ship", async () => {
    const { db } = database();
    const carrier = new ShiprocketCarrier(courier.settings());
    const order = await cashOrder(db, 4_000_00);
    const code = await codeSentTo(db, order.phone);
    expect(await book(db, carrier, order.id)).toMatchObject({
      outcome: "failed",
      error: { message: AWAITING_MESSAGE },
    });
    expect(await db.selectFrom("shipments").select("id").where("orderId", "=", order.id).execute()).toEqual([]);
    await answerByBuyer(db, order.visitor, code, { answer: "confirm" });
    expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "booked" });
  });

  it("cancels the order when the buyer says it is not theirs, with their reason, and takes no answer after", async () => {
    const { db } = database();
    const order = await cashOrder(db, 3_500_00);
    const code = await codeSentTo(db, order.phone);
    const stranger: Actor = makeVisitor();
    expect(await failure(answerByBuyer(db, stranger, code, { answer: "cancel", reason: "" }))).toMatchObject({
      code: "validation-failed",
    });
    expect(await answerByBuyer(db, stranger, code, { answer: "cancel", reason: "ordered-by-mistake" })).toBe(
      "cancelled",
    );
    expect(await orderRow(db, { id: order.id })).toMatchObject({
      status: "cancelled",
      cancelReason: "ordered-by-mistake",
    });
    expect(await confirmationPage(db, code)).toMatchObject({ open: false, answer: "cancelled", status: "cancelled" });
    expect(await failure(answerByBuyer(db, stranger, code, { answer: "confirm" }))).toMatchObject({
      code: "invalid-transition",
    });
  });

  it("flags an order left unconfirmed for 48 hours, never cancels it, and lets the administrator record a confirmation by phone", async () => {
    const { db } = database();
    const asked = Date.now() - CONFIRM_FLAG_AFTER_MS - 60_000;
    const order = await cashOrder(db, 6_000_00, { now: asked });
    expect(await confirmationStates(db, ADMIN, [order.id])).toEqual(new Map([[order.id, "overdue"]]));
    expect((await orderRow(db, { id: order.id }))?.status).toBe("placed");
    const customer: Actor = { ...ADMIN, role: "customer" };
    expect(await failure(confirmForBuyer(db, customer, order.id))).toMatchObject({ code: "forbidden" });
    await confirmForBuyer(db, ADMIN, order.id);
    const answered = await db
      .selectFrom("codConfirmations")
      .select(["answer", "answeredBy"])
      .where("orderId", "=", order.id)
      .executeTakeFirst();
    expect(answered).toEqual({ answer: "confirmed", answeredBy: "owner:admin@shop.test" });
    await changeStatus(db, ADMIN, { orderId: order.id, from: "placed", to: "shipped", ...SHIPMENT });
  });

  it("puts an order its buyer confirmed To pack in the back office, and the back office's Confirm answers for the buyer so it ships", async () => {
    const { db } = database();
    const manager = staffActor("manager");
    const inTab = async (tab: string, orderNumber: string) =>
      (await orderIndex(db, manager, orderIndexQuerySchema.parse({ tab, q: orderNumber }))).rows.length === 1;
    const byLink = await cashOrder(db, 4_500_00);
    const code = await codeSentTo(db, byLink.phone);
    expect(await inTab("to-confirm", byLink.orderNumber)).toBe(true);
    await answerByBuyer(db, byLink.visitor, code, { answer: "confirm" });
    expect(await orderRow(db, { id: byLink.id })).toMatchObject({ confirmedBy: "buyer" });
    expect(await inTab("to-pack", byLink.orderNumber)).toBe(true);

    const byPhone = await cashOrder(db, 5_000_00);
    await confirmWithBuyer(db, manager, byPhone.id);
    expect(await confirmationStates(db, manager, [byPhone.id])).toEqual(new Map([[byPhone.id, "confirmed"]]));
    expect((await auditEntriesOf(db, byPhone.id)).map((entry) => entry.kind)).toEqual(["order.confirmed"]);
    await changeStatus(db, manager, { orderId: byPhone.id, from: "placed", to: "shipped", ...SHIPMENT });
    expect(await failure(confirmWithBuyer(db, staffActor("packer"), byLink.id))).toMatchObject({ code: "forbidden" });
  });

  it("opens nothing with a code of another shape, or one it never made", async () => {
    const { db } = database();
    for (const code of ["", "short", "A".repeat(24), `${"a".repeat(23)}!`, "x".repeat(500)]) {
      expect(await failure(confirmationPage(db, code))).toMatchObject({ code: "not-found", message: LINK_NOT_VALID });
    }
  });
});
