import fc from "fast-check";
import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { writeQuote } from "#core/price-quote.ts";
import { viewCart, viewOrderNow } from "../cart/cart.service.ts";
import { gstReport } from "../invoices/gst-report.service.ts";
import { invoiceDocument } from "../invoices/invoices.service.ts";
import type { MailMessage } from "../mail/mail.schemas.ts";
import { renderMail } from "../mail/templates/mail-templates.ts";
import { changeStatus, customerOrder, orderByAccessToken } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { DEMO_SIGNATORY } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
  uniqueWord,
} from "../testing/factories.ts";
import { checkoutAsSeen, enterCode, fillCart, makeOffer, orderCart } from "../testing/offer-fixtures.ts";
import { mailsTo } from "../testing/outbox.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { setOfferEnabled } from "./offers-admin.service.ts";

const ADMIN = actorFor({ id: "admin", email: "owner@example.com" }, "admin");
/** 10 June 2026, 12:00 India time. */
const JUNE_10 = Date.UTC(2026, 5, 10, 6, 30);

describeEachDatabase("offers on orders: the invoice, GST after the discount, the report", (database) => {
  it("shares WELCOME10 over the lines in proportion and taxes a ₹2,699 suit at 5 % once it costs ₹2,429.10", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const shopper = actorFor(customer);
    const suit = await makeProduct(db, { title: "Hira Cambric Suit", price: 269_900, hsn: "6204", sizes: { M: 5 } });
    const kurta = await makeProduct(db, { title: "Noor Kurta", price: 99_900, hsn: "6204", sizes: { M: 5 } });
    await makeOffer(db, {
      name: "WELCOME10",
      minSubtotal: "1999",
      perCustomerLimit: "1",
      startsAt: "2026-06-01T00:00",
    });
    await fillCart(db, shopper, [
      [suit, 1],
      [kurta, 1],
    ]);
    await enterCode(db, shopper, "WELCOME10");
    const placed = await orderCart(db, shopper, {}, JUNE_10);
    const order = await customerOrder(db, shopper, placed.orderNumber);
    // ₹3,428.20 to pay: the buyer pays ₹3,428, and 20 paise are the round off (record 34).
    expect(order).toMatchObject({ subtotal: 369_800, shipping: 10_000, total: 342_800, roundOff: -20 });
    expect(order.offers).toEqual([
      expect.objectContaining({
        name: "WELCOME10",
        goods: 36_980,
        shipping: 0,
        description: "10 % off on ₹1,999 or more",
      }),
    ]);
    const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    const goods = invoice.lines.filter((line) => line.kind === "goods");
    expect(goods.map((l) => [l.description, l.gross, l.discount, l.taxable, l.rateBps, l.cgst, l.sgst])).toEqual([
      // ₹2,699 − ₹269.90 = ₹2,429.10: under ₹2,500, so 5 % (it was 18 % before the discount).
      ["Hira Cambric Suit (size M)", 269_900, 26_990, 231_342, 500, 5_784, 5_784],
      ["Noor Kurta (size M)", 99_900, 9_990, 85_628, 500, 2_141, 2_141],
    ]);
    // The round off is outside the taxable value and the tax: they add up to the invoice's value.
    expect(invoice.totals.total).toBe(342_820);
    expect(invoice.totals.taxable + invoice.totals.cgst + invoice.totals.sgst + invoice.totals.igst).toBe(342_820);
    expect(invoice.totals.total + invoice.roundOff).toBe(order.total);
    expect(invoice.discounts).toEqual([{ label: "offer WELCOME10", amount: 36_980 }]);

    // The confirmation mail shows the discount as its own line.
    const mail = (await mailsTo(db, customer.email)).find((queued) => queued.kind === "order-placed");
    const rendered = await renderMail(
      { kind: "order-placed", to: customer.email, payload: mail?.payload } as MailMessage,
      "",
    );
    expect(rendered.text).toMatch(/Offer WELCOME10\s+−₹369\.80/);
    expect(rendered.text).toMatch(/Round off\s+−₹0\.20\s+Grand Total\s+₹3,428\b/);

    const report = await gstReport(db, ADMIN, "2026-06");
    const b2cs = report.b2cs.find((row) => row.rateBps === 500 && row.stateCode === "27");
    expect(b2cs?.taxable).toBe(invoice.totals.taxable);
  });

  it("records the free piece of buy X get Y as a line of its own, taxed at its own value", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { title: "Chikan Kurta", price: 299_900, hsn: "6204", sizes: { M: 9 } });
    await makeOffer(db, { name: "B2G1", actionType: "buy-x-get-y", buy: "2", get: "1" });
    await fillCart(db, shopper, [[kurta, 3]]);
    await enterCode(db, shopper, "B2G1");
    const placed = await orderCart(db, shopper);
    const order = await customerOrder(db, shopper, placed.orderNumber);
    expect(order.lines.map((line) => [line.title, line.quantity, line.unitPrice])).toEqual([
      ["Chikan Kurta", 2, 299_900],
      ["Chikan Kurta", 1, 299_900],
    ]);
    const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    const goods = invoice.lines.filter((line) => line.kind === "goods");
    // The two paid pieces stay at 18 %; the free one is worth nothing, at 5 %.
    expect(goods.map((line) => [line.quantity, line.gross, line.discount, line.rateBps])).toEqual([
      [2, 599_800, 0, 1800],
      [1, 299_900, 299_900, 500],
    ]);
    expect(order.total).toBe(599_800 + 10_000);
    expect(invoice.totals.total).toBe(order.total);
  });

  it("spends points after the offers, and earns points only on what was paid", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    const saree = await makeProduct(db, { price: 500_000, hsn: "5007", sizes: { M: 5 } });
    const potli = await makeProduct(db, { price: 100_000, hsn: "5007", sizes: { M: 5 } });
    await fillCart(db, shopper, [[saree, 1]]);
    const earlier = await orderCart(db, shopper);
    for (const [from, to] of [
      ["placed", "shipped"],
      ["shipped", "delivered"],
    ] as const) {
      await changeStatus(db, SYSTEM, { orderId: earlier.id, from, to });
    }
    await makeOffer(db, { name: "TENOFF" });
    await fillCart(db, shopper, [[potli, 1]]);
    await enterCode(db, shopper, "TENOFF");
    const cart = await viewCart(db, shopper, { redeem: true });
    // ₹1,000 less 10 % is ₹900 of goods; 50 points pay ₹50 of them.
    expect(cart).toMatchObject({ discount: 10_000, pointsRedeemed: 50, grandTotal: 95_000, pointsToEarn: 8 });
    const placed = await orderCart(db, shopper, { redeemPoints: true });
    const order = await customerOrder(db, shopper, placed.orderNumber);
    expect(order).toMatchObject({ total: 95_000, pointsRedeemed: 50, pointsEarned: 8 });
    const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    expect(invoice.lines[0]).toMatchObject({ gross: 100_000, discount: 15_000 });
    expect(invoice.discounts).toEqual([
      { label: "offer TENOFF", amount: 10_000 },
      { label: "reward points", amount: 5_000 },
    ]);
  });
});

describeEachDatabase("offers on orders: random carts, placed for real", (database) => {
  const offer = fc.oneof(
    fc.record({ actionType: fc.constant("percent"), percent: fc.integer({ min: 1, max: 60 }).map(String) }),
    fc.record({ actionType: fc.constant("fixed"), amount: fc.integer({ min: 1, max: 9_000 }).map(String) }),
    fc.record({ actionType: fc.constant("buy-x-get-y"), buy: fc.constant("1"), get: fc.constant("1") }),
    fc.record({ actionType: fc.constant("free-shipping") }),
  );
  const cart = fc.array(
    fc.record({ price: fc.integer({ min: 50_000, max: 400_000 }), quantity: fc.integer({ min: 1, max: 3 }) }),
    { minLength: 1, maxLength: 3 },
  );

  it("invoices exactly the money received, each line's parts adding up, each piece at its own band", async () => {
    const { db } = database();
    await fc.assert(
      fc.asyncProperty(cart, offer, async (pieces, fields) => {
        const shopper = actorFor(await makeCustomer(db));
        const ids = await Promise.all(
          pieces.map(({ price }) => makeProduct(db, { price, hsn: "6204", sizes: { M: 9 } })),
        );
        await fillCart(
          db,
          shopper,
          pieces.map(({ quantity }, i): [number, number] => [ids[i] ?? 0, quantity]),
        );
        const name = uniqueWord("P").toUpperCase();
        await makeOffer(db, { name, ...fields });
        await enterCode(db, shopper, name);
        const placed = await orderCart(db, shopper);
        const order = await customerOrder(db, shopper, placed.orderNumber);
        const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
        // The invoice's value is what was sold; the buyer pays it in whole rupees, the round off apart.
        expect(invoice.totals.total + invoice.roundOff).toBe(order.total);
        expect(order.total % 100).toBe(0);
        expect(Math.abs(order.roundOff)).toBeLessThanOrEqual(50);
        const goodsTaken = order.offers.reduce((sum, taken) => sum + taken.goods, 0);
        expect(invoice.totals.total).toBe(order.subtotal - goodsTaken + order.shipping);
        ids.forEach((id, i) => {
          const sold = order.lines.filter((line) => line.productId === id);
          expect(sold.reduce((sum, line) => sum + line.quantity, 0)).toBe(pieces[i]?.quantity);
        });
        for (const row of invoice.lines.filter((line) => line.kind === "goods")) {
          const piece = (row.gross - row.discount) / row.quantity;
          expect(row.rateBps).toBe(piece * 10_000 <= 250_000 * 10_500 ? 500 : 1800);
        }
      }),
      { numRuns: 8 },
    );
  });
});

describeEachDatabase("offers on orders: limits, under concurrency too", (database) => {
  it("gives a one-time code to one of two tabs ordering at once, refuses the other clearly, and takes it back on cancellation before dispatch", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    const lehenga = await makeProduct(db, { price: 300_000, sizes: { M: 9 } });
    const once = await makeOffer(db, { name: "ONCE", perCustomerLimit: "1" });
    await fillCart(db, shopper, [[lehenga, 1]]);
    await enterCode(db, shopper, "ONCE");
    // Two tabs, each with Order Now of the same piece (the cart's code applies to both).
    const piece = { productId: lehenga, size: "M" };
    const seen = await viewOrderNow(db, shopper, piece);
    expect(seen.discount).toBe(30_000);
    const tab = () =>
      placeOrder(
        db,
        shopper,
        checkoutDetails({
          buyProductId: String(lehenga),
          buySize: "M",
          seenQuote: writeQuote(seen.lines, seen.grandTotal, [{ offerId: once.id, discount: 30_000 }]),
        }),
        atShop(),
      );
    const results = await Promise.allSettled([tab(), tab()]);
    const placed = results.filter((result) => result.status === "fulfilled");
    expect(placed).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(await failure(Promise.reject(refused?.reason))).toEqual({
      code: "offer-refused",
      message:
        "You have already used ONCE. Your order has not been placed: please check your cart (you can remove the code there) and order again.",
    });
    const winner = (placed[0] as PromiseFulfilledResult<{ id: number; orderNumber: string }>).value;
    expect((await customerOrder(db, shopper, winner.orderNumber)).total).toBe(280_000);

    // Cancelled before dispatch: the use comes back, and the code works again.
    await changeStatus(db, SYSTEM, { orderId: winner.id, from: "placed", to: "cancelled" });
    await enterCode(db, shopper, "ONCE");
    const again = await orderCart(db, shopper);
    expect((await customerOrder(db, shopper, again.orderNumber)).offers.map((offer) => offer.name)).toEqual(["ONCE"]);
    // Cancelled once shipped: the use stays spent.
    await changeStatus(db, SYSTEM, { orderId: again.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: again.id, from: "shipped", to: "cancelled" });
    await fillCart(db, shopper, [[lehenga, 1]]);
    expect((await failure(enterCode(db, shopper, "ONCE"))).message).toBe("You have already used ONCE.");
  });

  it("holds a total limit between two customers ordering at once, and counts a guest's uses by e-mail", async () => {
    const { db } = database();
    const scarf = await makeProduct(db, { price: 90_000, sizes: { M: 20 } });
    await makeOffer(db, { name: "LASTONE", totalLimit: "1" });
    const buyers = await Promise.all([makeCustomer(db), makeCustomer(db)]);
    const actors = buyers.map((buyer) => actorFor(buyer));
    for (const actor of actors) {
      await fillCart(db, actor, [[scarf, 1]]);
      await enterCode(db, actor, "LASTONE");
    }
    // Both pages show the offer; both press Order Now at once.
    const forms = await Promise.all(actors.map((actor) => checkoutAsSeen(db, actor)));
    const results = await Promise.allSettled(
      forms.map((form, i) => placeOrder(db, actors[i] ?? makeVisitor(), form, atShop())),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect((await failure(Promise.reject(refused?.reason))).message).toMatch(
      /^LASTONE has been used as many times as it can be\. Your order has not been placed/,
    );

    await makeOffer(db, { name: "GUESTONCE", perCustomerLimit: "1" });
    const email = "meera.guest@mail.in";
    for (const attempt of [1, 2]) {
      const guest = makeVisitor();
      await fillCart(db, guest, [[scarf, 1]]);
      await enterCode(db, guest, "GUESTONCE");
      const order = orderCart(db, guest, { email: attempt === 1 ? email : " Meera.Guest@mail.in " });
      if (attempt === 1) expect((await orderByAccessToken(db, (await order).accessToken)).total).toBe(91_000);
      else expect((await failure(order)).message).toMatch(/^You have already used GUESTONCE\./);
    }
  });

  it("stops new uses of a disabled offer at once, while past orders keep what they got", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    const anarkali = await makeProduct(db, { price: 200_000, sizes: { M: 9 } });
    const fest = await makeOffer(db, { kind: "automatic", name: "FEST10" });
    await fillCart(db, shopper, [[anarkali, 1]]);
    const first = await orderCart(db, shopper);
    await fillCart(db, shopper, [[anarkali, 1]]);
    const seen = await viewCart(db, shopper);
    expect(seen.discount).toBe(20_000);
    await setOfferEnabled(db, ADMIN, fest.id, false);
    // The page still showed the offer: the order is refused, saying so, and nothing is written.
    const stale = placeOrder(
      db,
      shopper,
      checkoutDetails({
        seenQuote: writeQuote(seen.lines, seen.grandTotal, [{ offerId: fest.id, discount: 20_000 }]),
      }),
      atShop(),
    );
    expect((await failure(stale)).message).toMatch(/^FEST10 is no longer available\. Your order has not been placed/);
    expect((await viewCart(db, shopper)).lines).toHaveLength(1);
    expect((await customerOrder(db, shopper, first.orderNumber)).offers.map((offer) => offer.goods)).toEqual([20_000]);
  });

  it("ignores a discount a forged form asks for, and refuses a total the server did not show", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    const jhumka = await makeProduct(db, { price: 150_000, sizes: { M: 9 } });
    await fillCart(db, visitor, [[jhumka, 1]]);
    const cart = await viewCart(db, visitor);
    const forged = await placeOrder(
      db,
      visitor,
      checkoutDetails({ discount: "150000", offerDiscount: "150000", code: "FREEFORALL" }),
      atShop(),
    );
    expect((await orderByAccessToken(db, forged.accessToken)).total).toBe(160_000);
    await fillCart(db, visitor, [[jhumka, 1]]);
    const cheaper = writeQuote(cart.lines, 10_000, [{ offerId: 1, discount: 150_000 }]);
    expect((await failure(placeOrder(db, visitor, checkoutDetails({ seenQuote: cheaper }), atShop()))).code).toBe(
      "offer-refused",
    );
  });
});
