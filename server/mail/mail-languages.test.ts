import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { signUp } from "../accounts/accounts.service.ts";
import { requestPasswordReset } from "../accounts/identity.service.ts";
import { updateProfile } from "../accounts/profile.service.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { shopLinkMaker } from "../mail-links.ts";
import { changeStatus, sendOrderLink } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { shipExchange } from "../returns/exchange-shipping.ts";
import { requestReturn } from "../returns/returns.service.ts";
import { INVITATION_DELAY_MS } from "../reviews/review-invitations.ts";
import { recordCarrierNews } from "../shipping/shipment-news.service.ts";
import { ShiprocketCarrier } from "../shipping/shiprocket.ts";
import { LocalStorage } from "../storage/local-storage.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
  uniqueAddress,
} from "../testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { mailsTo } from "../testing/outbox.ts";
import { ADMIN, deliveredOrder, takeThrough } from "../testing/return-fixtures.ts";
import { book, courierNews, shipmentOf } from "../testing/shipping.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeOnSqlite } from "../testing/test-databases.ts";
import { deliverDueMail } from "./mail.service.ts";
import { createMailTransport } from "./mail-transport.ts";
import { MAIL_WORDS } from "./templates/mail-words.ts";

const PUBLIC_URL = "https://kesar.example";
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A mail worker writing to a fresh folder, as the shop's file outbox does. */
function fileShipper(db: Db) {
  const folder = mkdtempSync(path.join(tmpdir(), "kesar-outbox-"));
  folders.push(folder);
  const shipper = {
    db,
    transport: createMailTransport(`file:${folder}`),
    from: "Kesar <orders@kesar.example>",
    publicUrl: PUBLIC_URL,
    makeLink: shopLinkMaker(db),
  };
  return { shipper, folder };
}

/** A reset mail among those sent (signing up sends a confirmation first). */
const isReset = (mail: ParsedMail) => String(mail.html).includes("/reset-password/");

/** Sends every mail due by `now`, and reads back the ones written to the folder. */
async function sendAndRead(shipper: ReturnType<typeof fileShipper>["shipper"], folder: string, now = Date.now()) {
  while ((await deliverDueMail(shipper, now)) > 0) {}
  const files = readdirSync(folder).filter((name) => name.endsWith(".eml"));
  return Promise.all(files.map((name) => simpleParser(readFileSync(path.join(folder, name)))));
}

/** A visitor's cash order of one kurta, placed on an English page unless a Hindi one is said. */
async function kurtaOrder(db: Db, options: { name?: string; locale?: "hi-IN" } = {}) {
  const kurta = await makeProduct(db, { title: "Chikankari Kurta", price: 189_900, sizes: { M: 3 } });
  const visitor = makeVisitor();
  await addToCart(db, visitor, { productId: kurta, size: "M" });
  const details = checkoutDetails(options.name ? { name: options.name } : {});
  const sale = options.locale ? { ...atShop(), locale: options.locale } : atShop();
  return { placed: await placeOrder(db, visitor, details, sale), details };
}

it("has every mail text in Hindi, each with the English text's placeholders", () => {
  const english = MAIL_WORDS["en-IN"];
  const hindi = MAIL_WORDS["hi-IN"];
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const id of Object.keys(english) as (keyof typeof english)[]) {
    expect(hindi[id], id).not.toBe(english[id]);
    expect(placeholders(hindi[id]), id).toEqual(placeholders(english[id]));
  }
});

/*
 * What language a mail is written in is decided from the order, the account or the page, never by
 * the database: these run on SQLite alone. The orders, returns and parcels they go through are
 * tested on both databases in their own rooms.
 */
describeOnSqlite("mails in the order's language", (database) => {
  let courier: LocalCourier;
  beforeAll(async () => {
    courier = await startLocalCourier();
  });
  afterAll(async () => courier.close());

  it("writes every mail of an order placed on a Hindi page in Hindi, subject and body, linking to the Hindi pages", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const { placed, details } = await kurtaOrder(db, { name: "अनन्या शर्मा", locale: "hi-IN" });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped", courier: "Blue Dart" });
    const mails = await sendAndRead(shipper, folder);

    const queued = await mailsTo(db, details.email);
    expect(queued.map((mail) => mail.subject).sort()).toEqual(
      [`आपका Kesar ऑर्डर ${placed.orderNumber}`, `आपका ऑर्डर ${placed.orderNumber} भेज दिया गया है`].sort(),
    );
    const confirmation = mails.find((mail) => mail.subject?.startsWith("आपका Kesar ऑर्डर"));
    expect(confirmation?.html).toContain('lang="hi-IN"');
    expect(confirmation?.text).toContain(`आपके ऑर्डर ${placed.orderNumber} के लिए धन्यवाद`);
    expect(confirmation?.text).toContain("प्रिय अनन्या शर्मा, आपका ऑर्डर हो गया है।");
    expect(confirmation?.text).toMatch(/कुल रकम +₹[\d,]+/);
    expect(confirmation?.text).toContain("भुगतान: कैश ऑन डिलीवरी");
    expect(confirmation?.html).toContain(`${PUBLIC_URL}/hi/orders/${placed.accessToken}`);
    const shipped = mails.find((mail) => mail.subject?.includes("भेज दिया गया है"));
    expect(shipped?.text).toContain(`आपका ऑर्डर ${placed.orderNumber} रास्ते में है।`);
    expect(shipped?.html).toContain(`${PUBLIC_URL}/hi/orders/${placed.accessToken}`);
  });

  it("tells a Hindi order's buyer in Hindi that the parcel is out for delivery, and that an attempt failed", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const { placed } = await kurtaOrder(db, { name: "रीना वर्मा", locale: "hi-IN" });
    await book(db, new ShiprocketCarrier(courier.settings()), placed.id);
    const { awb } = await shipmentOf(db, placed.id);
    const at = Date.now();
    await recordCarrierNews(db, courierNews(awb ?? "", "OUT FOR DELIVERY", at), at);
    await recordCarrierNews(db, courierNews(awb ?? "", "UNDELIVERED", at + 1_000, "Consignee unavailable"), at);
    const mails = await sendAndRead(shipper, folder);
    const out = mails.find((mail) => mail.subject === `आपका ऑर्डर ${placed.orderNumber} आज डिलीवरी के लिए निकला है`);
    expect(out?.text).toContain("प्रिय रीना वर्मा,");
    expect(out?.text).toMatch(/कृपया कूरियर के लिए ₹[\d,]+ नकद तैयार रखें।/);
    expect(out?.html).toMatch(new RegExp(`${PUBLIC_URL}/hi/track/[\\w-]+`));
    const failed = mails.find((mail) => mail.subject === `हम आपका ऑर्डर ${placed.orderNumber} डिलीवर नहीं कर सके`);
    expect(failed?.text).toContain("पहली कोशिश में आपका पार्सल");
    expect(failed?.text).toContain("कूरियर ने बताया: “Consignee unavailable”");
    expect(failed?.html).toMatch(new RegExp(`${PUBLIC_URL}/hi/track/[\\w-]+`));
  });

  it("writes a Hindi order's exchange mails in Hindi, step by step, with the replacement's day in Hindi", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const customer = await makeCustomer(db, { name: "सीमा" });
    const kurta = await makeProduct(db, { title: "Lawn Kurti", price: 129_900, sizes: { M: 1, L: 1 } });
    const line = { productId: kurta, size: "M", quantity: 1 };
    const order = await deliveredOrder(db, actorFor(customer), [line], {}, { ...atShop(), locale: "hi-IN" });
    const exchange = { position: 0, quantity: 1, kind: "exchange", reason: "too-small", exchangeSize: "L" } as const;
    const { id } = await requestReturn(db, { returnDays: 14 }, actorFor(customer), order, exchange);
    await takeThrough(db, id, "exchange-accepted");
    const parcel = { returnId: id, courier: "Delhivery", trackingNumber: "DL 7788", expectedDelivery: "2026-12-02" };
    await shipExchange(db, ADMIN, parcel);

    const subjects = (await mailsTo(db, customer.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `ऑर्डर ${order.orderNumber} का आपका रिटर्न: रिक्वेस्ट भेजी गई`,
        `ऑर्डर ${order.orderNumber} का आपका रिटर्न: पिकअप तय हुआ`,
        `ऑर्डर ${order.orderNumber} का आपका रिटर्न: एक्सचेंज भेजा गया`,
      ]),
    );
    const mails = await sendAndRead(shipper, folder);
    const asked = mails.find((mail) => mail.subject?.endsWith("रिक्वेस्ट भेजी गई"));
    expect(asked?.text).toContain("Lawn Kurti (साइज़ M) × 1 को साइज़ L से बदलने की आपकी रिक्वेस्ट हमें मिल गई है।");
    const shipped = mails.find((mail) => mail.subject?.endsWith("एक्सचेंज भेजा गया"));
    expect(shipped?.html).toContain('lang="hi-IN"');
    expect(shipped?.text).toContain("Lawn Kurti का साइज़ L रास्ते में है।");
    expect(shipped?.text).toContain("कूरियर: Delhivery");
    expect(shipped?.text).toContain("अनुमानित डिलीवरी: बुध, 2 दिसंबर");
    expect(shipped?.text).toContain("सभी दाम रुपये में, टैक्स सहित।");
    expect(shipped?.html).toContain(`${PUBLIC_URL}/hi/orders/${order.accessToken}`);
  });

  it("keeps English for an order placed on an English page", async () => {
    const { db } = database();
    const { placed, details } = await kurtaOrder(db);
    const [mail] = await mailsTo(db, details.email);
    expect(mail?.subject).toBe(`Your Kesar order ${placed.orderNumber}`);
    expect(mail?.payload).not.toHaveProperty("locale");
  });
});

describeOnSqlite("account mails in the language of the page they were asked on", (database) => {
  it("writes the confirmation of an account made on the Hindi sign-up page in Hindi, linking to the Hindi page", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const email = `meera-${Date.now()}@mail.in`;
    const input = { name: "मीरा", email, password: "Secret-pass-1" };
    await signUp(db, testConfig(), input, { ip: uniqueAddress(), userAgent: "test", locale: "hi-IN" });
    const [queued] = await mailsTo(db, email);
    expect(queued?.subject).toBe("Kesar के लिए अपना ई-मेल पता कन्फ़र्म करें");
    const [mail] = await sendAndRead(shipper, folder);

    expect(mail?.subject).toBe("Kesar के लिए अपना ई-मेल पता कन्फ़र्म करें");
    expect(mail?.html).toContain('lang="hi-IN"');
    expect(mail?.text).toContain("प्रिय मीरा,");
    expect(mail?.text).toContain("Kesar में आपका स्वागत है। कृपया कन्फ़र्म करें कि यह ई-मेल पता आपका है।");
    expect(mail?.html).toMatch(new RegExp(`${PUBLIC_URL}/hi/verify-email/[\\w-]+`));
  });

  it("writes a Hindi account's change of e-mail, the notice and the new address's confirmation, in Hindi", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const email = `meera-${Date.now()}@mail.in`;
    const input = { name: "मीरा", email, password: "Secret-pass-1" };
    const { user } = await signUp(db, testConfig(), input, { ip: uniqueAddress(), userAgent: "test", locale: "hi-IN" });
    await sendAndRead(shipper, folder);
    for (const name of readdirSync(folder)) rmSync(path.join(folder, name));
    const newEmail = `meera-new-${Date.now()}@mail.in`;
    const profile = { name: "मीरा", email: newEmail, phone: "", address: "", currentPassword: "Secret-pass-1" };
    await updateProfile(db, new LocalStorage("/tmp/unused-uploads"), actorFor({ id: user.id, email }), profile);
    const mails = await sendAndRead(shipper, folder);

    const notice = mails.find((mail) => mail.subject === "आपके Kesar अकाउंट का ई-मेल पता बदल रहा है");
    expect(notice?.text).toContain(`आपके Kesar अकाउंट का ई-मेल पता बदलकर ${newEmail} किया जा रहा है।`);
    const confirmation = mails.find((mail) => mail.subject === "Kesar के लिए अपना ई-मेल पता कन्फ़र्म करें");
    expect(confirmation?.text).toContain("कृपया कन्फ़र्म करें कि यह आपका नया ई-मेल पता है।");
    expect(confirmation?.html).toMatch(new RegExp(`${PUBLIC_URL}/hi/verify-email/[\\w-]+`));
  });

  it("keeps the confirmation of an account made on the English page in English", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const customer = await makeCustomer(db, { name: "Ravi Kumar" });
    const [mail] = await sendAndRead(shipper, folder);
    expect(mail?.subject).toBe("Confirm your e-mail address for Kesar");
    expect(mail?.text).toContain("Welcome to Kesar.");
    expect(mail?.html).toMatch(new RegExp(`${PUBLIC_URL}/verify-email/[\\w-]+`));
    expect(mail?.to).toMatchObject({ text: customer.email });
  });

  it("writes the reset mail asked on a Hindi page in Hindi, linking to the Hindi reset page", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const customer = await makeCustomer(db, { name: "Ravi Kumar" });
    await requestPasswordReset(db, { email: customer.email }, { ip: uniqueAddress(), locale: "hi-IN" });
    const mail = (await sendAndRead(shipper, folder)).find(isReset);

    expect(mail?.subject).toBe("अपना Kesar पासवर्ड रीसेट करें");
    expect(mail?.html).toContain('lang="hi-IN"');
    expect(mail?.text).toContain("प्रिय Ravi Kumar,");
    expect(mail?.text).toContain("नया पासवर्ड चुनें");
    expect(mail?.text).toMatch(/यह लिंक \d+ मिनट तक, एक ही बार काम करता है।/);
    expect(mail?.html).toMatch(new RegExp(`${PUBLIC_URL}/hi/reset-password/[\\w-]+`));
  });

  it("keeps the reset mail asked on an English page in English, linking to the English page", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const customer = await makeCustomer(db, { name: "Ravi Kumar" });
    await requestPasswordReset(db, { email: customer.email }, { ip: uniqueAddress(), locale: "en-IN" });
    const queued = (await mailsTo(db, customer.email)).find((sent) => sent.kind === "password-reset");
    expect(queued?.payload).not.toHaveProperty("locale");
    const mail = (await sendAndRead(shipper, folder)).find(isReset);

    expect(mail?.subject).toBe("Reset your Kesar password");
    expect(mail?.text).toContain("Dear Ravi Kumar,");
    expect(mail?.html).toMatch(new RegExp(`${PUBLIC_URL}/reset-password/[\\w-]+`));
  });
});

describeOnSqlite("the order's link in the language of the page it was asked on", (database) => {
  it("writes the link asked for on the Hindi find-order page in Hindi, linking to the Hindi order page", async () => {
    const { db } = database();
    const { placed, details } = await kurtaOrder(db);
    const { shipper, folder } = fileShipper(db);
    await sendOrderLink(
      db,
      { orderNumber: placed.orderNumber, email: details.email },
      { ip: uniqueAddress(), locale: "hi-IN" },
    );
    const mails = await sendAndRead(shipper, folder);
    const link = mails.find((mail) => mail.subject === `आपके Kesar ऑर्डर ${placed.orderNumber} का लिंक`);

    expect(link?.html).toContain('lang="hi-IN"');
    expect(link?.text).toContain(`आपने अपने ऑर्डर ${placed.orderNumber} का लिंक माँगा था। यह रहा:`);
    expect(link?.html).toContain(`${PUBLIC_URL}/hi/orders/${placed.accessToken}`);
  });

  it("keeps the link asked for on the English page in English", async () => {
    const { db } = database();
    const { placed, details } = await kurtaOrder(db);
    await sendOrderLink(db, { orderNumber: placed.orderNumber, email: details.email }, { ip: uniqueAddress() });
    const link = (await mailsTo(db, details.email)).find((mail) => mail.kind === "order-link");
    expect(link?.subject).toBe(`The link to your Kesar order ${placed.orderNumber}`);
    expect(link?.payload).toEqual({ orderNumber: placed.orderNumber, orderPath: `/orders/${placed.accessToken}` });
  });
});

describeOnSqlite("the review invitation in the order's language", (database) => {
  it("invites the buyer of an order placed in Hindi in Hindi, linking to the Hindi review pages", async () => {
    const { db } = database();
    const { shipper, folder } = fileShipper(db);
    const kurta = await makeProduct(db, { title: "Anarkali Kurta", price: 159_900, sizes: { M: 3 } });
    const customer = await makeCustomer(db, { name: "Kavya Iyer" });
    const actor = actorFor(customer);
    await addToCart(db, actor, { productId: kurta, size: "M" });
    const details = checkoutDetails({ email: customer.email });
    const placed = await placeOrder(db, actor, details, { ...atShop(), locale: "hi-IN" });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" });
    const mails = await sendAndRead(shipper, folder, Date.now() + INVITATION_DELAY_MS + 60_000);

    const invitation = mails.find((mail) => mail.subject === `आपका Kesar ऑर्डर ${placed.orderNumber} कैसा फ़िट हुआ?`);
    expect(invitation?.html).toContain('lang="hi-IN"');
    expect(invitation?.text).toContain(`आपका ऑर्डर ${placed.orderNumber} कुछ दिन पहले डिलीवर हुआ था।`);
    expect(invitation?.text).toContain("Anarkali Kurta का रिव्यू दें:");
    expect(invitation?.html).toContain(`${PUBLIC_URL}/hi/review/${kurta}`);
    expect(invitation?.html).toMatch(new RegExp(`${PUBLIC_URL}/hi/reviews/unsubscribe/[\\w-]+`));
  });
});
