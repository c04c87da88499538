import fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addToCart } from "../cart/cart.service.ts";
import { registerPaymentWebhook } from "../http/payment-webhook.ts";
import { findOrder } from "../orders/orders.repository.ts";
import { cancelOrderAsBuyer } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { DEMO_SELLER } from "../tax/seller.ts";
import { checkoutDetails, makeProduct, makeVisitor } from "../testing/factories.ts";
import { type LocalGateway, startLocalGateway } from "../testing/local-gateway.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import type { PaymentGateway } from "./gateway.ts";
import { paymentPage } from "./online-payments.service.ts";
import { sendRefunds } from "./payment-jobs.ts";
import { findRefunds } from "./payments.repository.ts";
import { RazorpayGateway } from "./razorpay.ts";

/*
 * A payment and the buyer's cancel of the same order, at the same moment (record 32): the gateway's
 * webhook comes over real HTTP into the shop's webhook route while the buyer's cancel runs on
 * another connection, 0–20 ms apart either way. Whichever wins, the money must end where the order
 * is: paid and placed, or cancelled with the payment refunded and the invoice reversed.
 */

const RACES = 40;
const START = Date.parse("2026-03-02T10:00:00+05:30");

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describeEachDatabase("a payment racing the buyer's cancel", (database) => {
  let local: LocalGateway;
  let gateway: PaymentGateway;
  let shop: FastifyInstance;

  beforeAll(async () => {
    local = await startLocalGateway();
    gateway = new RazorpayGateway(local.settings());
    shop = fastify();
    registerPaymentWebhook(shop, { db: database().db, payments: gateway });
    const address = await shop.listen({ port: 0, host: "127.0.0.1" });
    local.webhookUrl = `${address}/webhooks/razorpay`;
  });
  afterAll(async () => {
    await local.close();
    await shop.close();
  });

  it(`${RACES} races: every order ends paid and placed, or cancelled, refunded and credited`, async () => {
    const { db } = database();
    const product = await makeProduct(db, { price: 1_499_00, sizes: { M: RACES } });
    const orders = [];
    for (let index = 0; index < RACES; index++) {
      const buyer = makeVisitor();
      await addToCart(db, buyer, { productId: product, size: "M", quantity: 1 });
      const placed = await placeOrder(
        db,
        buyer,
        checkoutDetails({ email: `${buyer.guestId}@mail.in`, paymentMethod: "online" }),
        { seller: DEMO_SELLER, now: START, payments: { online: true, codMaxPaise: 1_000_000, codFeePaise: 0 } },
      );
      const page = await paymentPage(db, gateway, placed.accessToken, START);
      orders.push({ ...placed, buyer, gatewayOrderId: page.checkout?.gatewayOrderId ?? "" });
    }

    // One race at a time, so that each is decided by its own timing and not by a crowd.
    for (const [index, order] of orders.entries()) {
      // Spread over 0–20 ms, the payment first in half the races and the cancel first in the other.
      const gap = (index * 3) % 21;
      const pay = async () => {
        if (index % 2 === 1) await pause(gap);
        local.pay(order.gatewayOrderId);
      };
      const cancel = async () => {
        if (index % 2 === 0) await pause(gap);
        await cancelOrderAsBuyer(db, order.buyer, { accessToken: order.accessToken }, { reason: "changed-mind" }).catch(
          () => undefined,
        );
      };
      await Promise.all([pay(), cancel()]);
      await local.settled();
    }
    await local.settled();
    await sendRefunds(db, gateway, START + 60_000);
    await local.settled();

    const endings = { paidAndPlaced: 0, cancelledAndRefunded: 0, keptWithoutRefund: 0, other: 0 };
    const wrong: unknown[] = [];
    for (const order of orders) {
      const row = await findOrder(db, { id: order.id });
      const refunds = (await findRefunds(db, order.id)).map((refund) => refund.status);
      const payment = [...local.payments.values()].find((entry) => entry.orderId === order.gatewayOrderId);
      const refundedAtGateway = payment ? local.refundsOf(payment.id).length : 0;
      const seen = {
        status: row?.status,
        paymentStatus: row?.paymentStatus,
        invoiced: Boolean(row?.invoiceNumber),
        credited: Boolean(row?.creditNoteNumber),
        refunds,
        refundedAtGateway,
      };
      if (row?.status === "placed" && row.paymentStatus === "paid" && seen.invoiced && refunds.length === 0) {
        endings.paidAndPlaced++;
      } else if (
        row?.status === "cancelled" &&
        refundedAtGateway === 1 &&
        refunds.join() === "processed" &&
        // An order invoiced before it was cancelled has its invoice reversed.
        seen.invoiced === seen.credited
      ) {
        endings.cancelledAndRefunded++;
      } else {
        if (row?.status === "cancelled" && refundedAtGateway === 0) endings.keptWithoutRefund++;
        else endings.other++;
        wrong.push(seen);
      }
    }
    console.info(`${database().engine}: ${RACES} races of a payment and a cancel`, endings);
    expect(wrong).toEqual([]);
  }, 120_000);
});
