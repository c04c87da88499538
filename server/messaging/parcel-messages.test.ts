import { afterAll, beforeAll, expect, it } from "vitest";
import { type IndianMobile, nationalNumber } from "#core/phone.ts";
import type { Db } from "../db/schema.ts";
import { recordCarrierNews } from "../shipping/shipment-news.service.ts";
import { ShiprocketCarrier } from "../shipping/shiprocket.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { capturingSms, sendDueMessages, testDelivery, uniqueMobile } from "../testing/messages.ts";
import { book, courierNews, placedOrder, shipmentOf } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { followShortLink, shortLink } from "./message-links.ts";

/*
 * A booked parcel's life told to its buyer by SMS (records 43 and 44): shipped when the courier
 * picks it up, with the parcel's tracking page; out for delivery; a failed attempt, with the
 * tracking page where the buyer chooses what happens next; delivered. The order's moves send theirs
 * from the order machine, the parcel's own news from the shipment machine.
 */

const HOUR = 3_600_000;

describeEachDatabase("a parcel's news by SMS", (database) => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;

  beforeAll(async () => {
    courier = await startLocalCourier();
    carrier = new ShiprocketCarrier(courier.settings());
  });
  afterAll(async () => courier.close());

  /** Sends what the outbox holds; answers the texts `phone` was sent, oldest first. */
  async function textsTo(db: Db, phone: IndianMobile) {
    const sms = capturingSms();
    await sendDueMessages(testDelivery(db, { sms, publicUrl: "https://kesar.test" }));
    return sms.sent.filter((message) => message.to === phone).map((message) => message.text);
  }

  const linkIn = (text: string | undefined) => text?.match(/kesar\.test\/m\/([A-Za-z0-9]+) - Kesar$/)?.[1] ?? "";

  it("tells the buyer each step of the parcel, the failed attempt and the shipped one with its tracking page", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const order = await placedOrder(db, { details: { phone: nationalNumber(phone) } });
    expect(await textsTo(db, phone)).toHaveLength(1);
    await book(db, carrier, order.id);
    const shipment = await shipmentOf(db, order.id);
    const trackingPath = `/track/${shipment.trackingToken}`;
    let at = Date.now();
    const news = (label: string) => {
      at += HOUR;
      return recordCarrierNews(db, courierNews(shipment.awb ?? "", label, at), Date.now());
    };

    await news("PICKED UP");
    const [shipped] = await textsTo(db, phone);
    expect(shipped).toMatch(new RegExp(`^Your Kesar order ${order.orderNumber} is on its way with .+\\. Track it: `));
    expect(await followShortLink(db, linkIn(shipped))).toBe(trackingPath);

    await news("IN TRANSIT");
    expect(await textsTo(db, phone)).toEqual([]);
    await news("OUT FOR DELIVERY");
    await news("UNDELIVERED");
    const [out, failed] = await textsTo(db, phone);
    expect(out).toBe(`Your Kesar order ${order.orderNumber} is out for delivery today. - Kesar`);
    expect(failed).toMatch(
      new RegExp(`^We could not deliver your Kesar order ${order.orderNumber} today\\. Choose another attempt: `),
    );
    expect(await followShortLink(db, linkIn(failed))).toBe(trackingPath);

    await news("OUT FOR DELIVERY");
    await news("DELIVERED");
    expect(await textsTo(db, phone)).toEqual([
      `Your Kesar order ${order.orderNumber} is out for delivery today. - Kesar`,
      `Your Kesar order ${order.orderNumber} has been delivered. Thank you for shopping with us. - Kesar`,
    ]);
  });

  it("announces a parcel first seen out for delivery as shipped first, then out for delivery", async () => {
    const { db } = database();
    const phone = uniqueMobile();
    const order = await placedOrder(db, { details: { phone: nationalNumber(phone) } });
    await textsTo(db, phone);
    await book(db, carrier, order.id);
    const shipment = await shipmentOf(db, order.id);
    await recordCarrierNews(db, courierNews(shipment.awb ?? "", "OUT FOR DELIVERY", Date.now()), Date.now());
    const texts = await textsTo(db, phone);
    expect(texts.map((text) => text.split(" ").slice(0, 6).join(" "))).toEqual([
      `Your Kesar order ${order.orderNumber} is on`,
      `Your Kesar order ${order.orderNumber} is out`,
    ]);
  });

  it("keeps a short link on the shop: a full address of the shop as its path, and no other site", async () => {
    const { db } = database();
    const code = await db
      .transaction()
      .execute((trx) => shortLink(trx, "https://kesar.test/track/abc?step=again", Date.now()));
    expect(await followShortLink(db, code)).toBe("/track/abc?step=again");
    for (const elsewhere of ["//evil.test", "/\\evil.test", "javascript:alert(1)"]) {
      await expect(db.transaction().execute((trx) => shortLink(trx, elsewhere, Date.now()))).rejects.toThrow(
        "only to a page of the shop",
      );
    }
  });
});
