import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { type IndianMobile, nationalNumber } from "#core/phone.ts";
import { CHECKOUT_WHATSAPP_WORDING } from "#core/whatsapp-consent.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor } from "../testing/factories.ts";
import { type LocalWhatsapp, startLocalWhatsapp } from "../testing/local-whatsapp.ts";
import { capturingSms, messagesFor, sendDueMessages, testDelivery, uniqueMobile } from "../testing/messages.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { followShortLink } from "./message-links.ts";
import { DLT_VARIABLE_MAX } from "./message-templates.ts";
import { createWhatsappTransport } from "./whatsapp-transport.ts";

/*
 * The buyer's SMS (and WhatsApp, when they opted in) for each step of an order, registered on the
 * order machine from the messaging room, to the order's delivery number.
 */

const PUBLIC_URL = "https://kesar.test";

describeEachDatabase("order updates by SMS and WhatsApp", (database) => {
  let stand: LocalWhatsapp;
  beforeAll(async () => {
    stand = await startLocalWhatsapp({ statuses: [] });
  });
  afterAll(async () => {
    await stand?.close();
  });

  /** A cash order of one ₹1,499 kurta to `phone`, with the WhatsApp box ticked or not. */
  async function cashOrder(
    db: Db,
    phone: IndianMobile,
    options: { whatsapp?: boolean; now?: number; locale?: "hi-IN" } = {},
  ) {
    const product = await makeProduct(db, { price: 149_900, sizes: { M: 5 } });
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: product, size: "M", quantity: 1 });
    const details = checkoutDetails({ phone: nationalNumber(phone), whatsappUpdates: options.whatsapp ?? false });
    return placeOrder(db, visitor, details, {
      ...atShop(options.now),
      ...(options.locale ? { locale: options.locale } : {}),
    });
  }

  /** Sends what is queued; answers the texts each number was sent, and the WhatsApp templates. */
  async function send(db: Db) {
    const sms = capturingSms();
    const whatsapp = createWhatsappTransport({
      token: stand.token,
      phoneNumberId: stand.phoneNumberId,
      appSecret: stand.appSecret,
      verifyToken: stand.verifyToken,
      apiUrl: stand.apiUrl,
    });
    await sendDueMessages(testDelivery(db, { sms, whatsapp, publicUrl: PUBLIC_URL }));
    return {
      textsTo: (phone: IndianMobile) =>
        sms.sent.filter((message) => message.to === phone).map((message) => message.text),
      smsTo: (phone: IndianMobile) => sms.sent.filter((message) => message.to === phone),
      whatsappTo: (phone: IndianMobile) => stand.accepted.filter((message) => message.to === phone.slice(1)),
    };
  }

  it("texts the delivery number when the order is placed, shipped and delivered, each as its registered template", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const placed = await cashOrder(db, phone);
    let sent = await send(db);
    expect(sent.textsTo(phone)).toEqual([
      `Thank you! Your Kesar order ${placed.orderNumber} for Rs 1,599 is placed. We will message you when it ships. - Kesar`,
    ]);
    const shipment = { courier: "Delhivery", trackingNumber: "DL 1234 5678" };
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped", ...shipment });
    sent = await send(db);
    const [shipped] = sent.smsTo(phone);
    expect(shipped?.template).toBe("order-shipped.en");
    const code = shipped?.text.match(/kesar\.test\/m\/([A-Za-z0-9]+) - Kesar$/)?.[1] ?? "";
    expect(shipped?.text).toBe(
      `Your Kesar order ${placed.orderNumber} is on its way with Delhivery. Track it: kesar.test/m/${code} - Kesar`,
    );
    // The link fits the operators' 30 characters and leads, for an order shipped by hand, to the
    // order's own page (a courier's parcel leads to its tracking page: parcel-messages.test.ts).
    expect(code.length).toBeLessThanOrEqual(DLT_VARIABLE_MAX);
    expect(await followShortLink(db, code)).toBe(`/orders/${placed.accessToken}`);
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" });
    sent = await send(db);
    expect(sent.textsTo(phone)).toEqual([
      `Your Kesar order ${placed.orderNumber} has been delivered. Thank you for shopping with us. - Kesar`,
    ]);
    // Without the WhatsApp box ticked, nothing went by WhatsApp.
    expect(sent.whatsappTo(phone)).toEqual([]);
  });

  it("sends the same updates as WhatsApp templates to a buyer who ticked the box, whose consent is kept with its words", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const placed = await cashOrder(db, phone, { whatsapp: true });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped", courier: "Blue Dart" });
    const sent = await send(db);
    expect(sent.textsTo(phone)).toHaveLength(2);
    // Both went in one batch, side by side: which reached the stand-in first is the network's choice.
    const templates = sent.whatsappTo(phone).map((message) => [message.template, message.language, message.values[0]]);
    expect(templates.sort()).toEqual([
      ["kesar_order_placed", "en", placed.orderNumber],
      ["kesar_order_shipped", "en", placed.orderNumber],
    ]);
    const consent = await db.selectFrom("whatsappConsents").selectAll().where("phone", "=", phone).execute();
    expect(consent).toEqual([
      expect.objectContaining({
        choice: "in",
        wording: CHECKOUT_WHATSAPP_WORDING,
        source: `checkout ${placed.orderNumber}`,
      }),
    ]);
  });

  it("writes an order's updates in the language of the page it was placed on, and keeps the language on each message", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const placed = await cashOrder(db, phone, { locale: "hi-IN" });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped", courier: "Delhivery" });
    const rows = await messagesFor(db, phone);
    expect(rows.map((row) => [row.template, row.language])).toEqual([
      ["order-placed.hi", "hi"],
      ["order-shipped.hi", "hi"],
    ]);
    const sent = await send(db);
    expect(sent.textsTo(phone)[0]).toContain("मिल गया है");
    expect(sent.textsTo(phone)[1]).toContain("से भेज दिया गया है");
    // An order placed on an English page is texted in English.
    const english = uniqueMobile();
    await cashOrder(db, english);
    expect((await messagesFor(db, english)).map((row) => row.language)).toEqual(["en"]);
  });

  it("texts an online order's buyer when the order stands, that is when its payment is taken, not before", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const product = await makeProduct(db, { price: 99_900, sizes: { M: 5 } });
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: product, size: "M", quantity: 1 });
    const sale = { ...atShop(), payments: { codMaxPaise: 0, codFeePaise: 0, online: true } };
    const placed = await placeOrder(
      db,
      visitor,
      checkoutDetails({ phone: nationalNumber(phone), paymentMethod: "online" }),
      sale,
    );
    expect(placed.payOnline).toBe(true);
    expect(await messagesFor(db, phone)).toEqual([]);
  });
});
