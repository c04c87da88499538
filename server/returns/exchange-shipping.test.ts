import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import type { MailMessage } from "../mail/mail.schemas.ts";
import { renderMail } from "../mail/templates/mail-templates.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, makeProduct } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { ADMIN, deliveredOrder, stockOf, takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { shipExchange, shipExchangeWithDetails } from "./exchange-shipping.ts";
import { advanceReturn, requestReturn, returnQueue, returnsOfOrder } from "./returns.service.ts";

const SETTINGS = { returnDays: 14 };
// 2 Dec 2026 in India: a Wednesday.
const EXPECTED = "2026-12-02";

describeEachDatabase("an exchange's replacement ships as an order does", (database) => {
  it("waits to be shipped once accepted, ships once with its courier and tracking number, and tells the buyer", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const jhumka = await makeProduct(db, { title: "Kurti Lawn Noor", price: 129_900, sizes: { M: 1, L: 1 } });
    const order = await deliveredOrder(db, actor, [{ productId: jhumka, size: "M", quantity: 1 }]);
    const which = { orderNumber: order.orderNumber };
    const { id } = await requestReturn(db, SETTINGS, actor, which, {
      position: 0,
      quantity: 1,
      kind: "exchange",
      reason: "too-small",
      exchangeSize: "L",
    });
    await takeThrough(db, id, "exchange-accepted");

    // Accepted: the returned piece is back on the shelf and invoiced again; the new size waits to ship.
    const [accepted] = await returnsOfOrder(db, actor, which);
    expect(accepted).toMatchObject({ status: "exchange-accepted", shipment: null });
    expect(accepted?.exchangeInvoice?.number).toMatch(/^KS\//);
    expect(await stockOf(db, jhumka, "M")).toBe(1);
    const acceptedMail = (await mailsTo(db, customer.email)).at(-1);
    expect(acceptedMail?.subject).toBe(`Your return from order ${order.orderNumber}: exchange accepted`);

    // Shipping needs the courier and the tracking number; the admin's screen the day expected too.
    expect(await failure(shipExchange(db, ADMIN, { returnId: id, courier: "", trackingNumber: "" }))).toMatchObject({
      code: "validation-failed",
    });
    expect(
      await failure(shipExchangeWithDetails(db, ADMIN, { returnId: id, courier: "Delhivery", trackingNumber: "DL77" })),
    ).toMatchObject({ code: "validation-failed", message: expect.stringContaining("expected delivery date") });
    // The plain step cannot skip the parcel's details, and a buyer cannot ship.
    expect(
      await failure(advanceReturn(db, ADMIN, { returnId: id, from: "exchange-accepted", to: "exchange-shipped" })),
    ).toMatchObject({ code: "invalid-transition" });
    const parcel = { returnId: id, courier: "Delhivery", trackingNumber: "DL 7788 9900", expectedDelivery: EXPECTED };
    expect(await failure(shipExchange(db, actor, parcel))).toMatchObject({ code: "forbidden" });

    // Two clicks (or two nodes) ship it once; a courier integration calls the same service as the shop.
    const results = await Promise.allSettled([
      shipExchangeWithDetails(db, ADMIN, parcel),
      shipExchange(db, SYSTEM, parcel),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await failure(shipExchange(db, ADMIN, parcel))).toMatchObject({ code: "stale-update" });

    const [shipped] = await returnsOfOrder(db, actor, which);
    expect(shipped).toMatchObject({
      status: "exchange-shipped",
      shipment: {
        courier: "Delhivery",
        trackingNumber: "DL 7788 9900",
        expectedDeliveryAt: Date.parse(`${EXPECTED}T12:00:00+05:30`),
      },
    });
    const [queued] = await returnQueue(db, ADMIN, "exchange-shipped");
    expect(queued?.shipment?.courier).toBe("Delhivery");

    const mails = (await mailsTo(db, customer.email)).filter((mail) => mail.payload.status === "exchange-shipped");
    expect(mails).toHaveLength(1);
    const rendered = await renderMail(
      { kind: "return-status", to: customer.email, payload: mails[0]?.payload } as MailMessage,
      "https://kesar.example",
    );
    expect(rendered.text).toContain("Size L of Kurti Lawn Noor is on its way.");
    expect(rendered.text).toContain("Courier: Delhivery");
    expect(rendered.text).toContain("Expected delivery: Wed, 2 Dec");
    expect(rendered.html).toContain('href="https://www.delhivery.com/track/package/DL77889900"');
  });

  it("ships only an accepted exchange, never a refund", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { price: 99_900, sizes: { M: 2 } });
    const order = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 1 }]);
    const { id } = await requestReturn(
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
    expect(
      await failure(shipExchange(db, ADMIN, { returnId: id, courier: "Delhivery", trackingNumber: "DL1" })),
    ).toMatchObject({ code: "invalid-transition", message: "Only an exchange ships a new size." });
  });
});
