import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { shopLinkMaker } from "../mail-links.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { recordCarrierNews } from "../shipping/shipment-news.service.ts";
import { ShiprocketCarrier } from "../shipping/shiprocket.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor } from "../testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { mailsTo } from "../testing/outbox.ts";
import { book, courierNews, shipmentOf } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { deliverDueMail } from "./mail.service.ts";
import { createMailTransport } from "./mail-transport.ts";
import { MAIL_WORDS } from "./templates/mail-words.ts";

const PUBLIC_URL = "https://kesar.example";
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

it("has every mail text in Hindi, each with the English text's placeholders", () => {
  const english = MAIL_WORDS["en-IN"];
  const hindi = MAIL_WORDS["hi-IN"];
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const id of Object.keys(english) as (keyof typeof english)[]) {
    expect(hindi[id], id).not.toBe(english[id]);
    expect(placeholders(hindi[id]), id).toEqual(placeholders(english[id]));
  }
});

describeEachDatabase("mails in the order's language", (database) => {
  let courier: LocalCourier;
  beforeAll(async () => {
    courier = await startLocalCourier();
  });
  afterAll(async () => courier.close());

  it("writes every mail of an order placed on a Hindi page in Hindi, subject and body, linking to the Hindi pages", async () => {
    const { db } = database();
    const folder = mkdtempSync(path.join(tmpdir(), "kesar-outbox-"));
    folders.push(folder);
    const shipper = {
      db,
      transport: createMailTransport(`file:${folder}`),
      from: "Kesar <orders@kesar.example>",
      publicUrl: PUBLIC_URL,
      makeLink: shopLinkMaker(db),
    };
    const kurta = await makeProduct(db, { title: "Chikankari Kurta", price: 189_900, sizes: { M: 3 } });
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: kurta, size: "M" });
    const details = checkoutDetails({ name: "अनन्या शर्मा" });
    const placed = await placeOrder(db, visitor, details, { ...atShop(), locale: "hi-IN" });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped", courier: "Blue Dart" });
    while ((await deliverDueMail(shipper)) > 0) {}

    const queued = await mailsTo(db, details.email);
    expect(queued.map((mail) => mail.subject).sort()).toEqual(
      [`आपका Kesar ऑर्डर ${placed.orderNumber}`, `आपका ऑर्डर ${placed.orderNumber} भेज दिया गया है`].sort(),
    );
    const files = readdirSync(folder).filter((name) => name.endsWith(".eml"));
    const mails = await Promise.all(files.map((name) => simpleParser(readFileSync(path.join(folder, name)))));
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
    const folder = mkdtempSync(path.join(tmpdir(), "kesar-outbox-"));
    folders.push(folder);
    const shipper = {
      db,
      transport: createMailTransport(`file:${folder}`),
      from: "Kesar <orders@kesar.example>",
      publicUrl: PUBLIC_URL,
      makeLink: shopLinkMaker(db),
    };
    const kurta = await makeProduct(db, { title: "Lucknowi Kurta", price: 149_900, sizes: { M: 3 } });
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: kurta, size: "M" });
    const details = checkoutDetails({ name: "रीना वर्मा" });
    const placed = await placeOrder(db, visitor, details, { ...atShop(), locale: "hi-IN" });
    await book(db, new ShiprocketCarrier(courier.settings()), placed.id);
    const { awb } = await shipmentOf(db, placed.id);
    const at = Date.now();
    await recordCarrierNews(db, courierNews(awb ?? "", "OUT FOR DELIVERY", at), at);
    await recordCarrierNews(db, courierNews(awb ?? "", "UNDELIVERED", at + 1_000, "Consignee unavailable"), at);
    while ((await deliverDueMail(shipper)) > 0) {}

    const files = readdirSync(folder).filter((name) => name.endsWith(".eml"));
    const mails = await Promise.all(files.map((name) => simpleParser(readFileSync(path.join(folder, name)))));
    const out = mails.find((mail) => mail.subject === `आपका ऑर्डर ${placed.orderNumber} आज डिलीवरी के लिए निकला है`);
    expect(out?.text).toContain("प्रिय रीना वर्मा,");
    expect(out?.text).toMatch(/कृपया कूरियर के लिए ₹[\d,]+ नकद तैयार रखें।/);
    expect(out?.html).toMatch(new RegExp(`${PUBLIC_URL}/hi/track/[\\w-]+`));
    const failed = mails.find((mail) => mail.subject === `हम आपका ऑर्डर ${placed.orderNumber} डिलीवर नहीं कर सके`);
    expect(failed?.text).toContain("पहली कोशिश में आपका पार्सल");
    expect(failed?.text).toContain("कूरियर ने बताया: “Consignee unavailable”");
    expect(failed?.html).toMatch(new RegExp(`${PUBLIC_URL}/hi/track/[\\w-]+`));
  });

  it("keeps English for an order placed on an English page", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { title: "Plain Kurta", price: 99_900, sizes: { M: 3 } });
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: kurta, size: "M" });
    const details = checkoutDetails();
    const placed = await placeOrder(db, visitor, details, atShop());
    const [mail] = await mailsTo(db, details.email);
    expect(mail?.subject).toBe(`Your Kesar order ${placed.orderNumber}`);
    expect(mail?.payload).not.toHaveProperty("locale");
  });
});
