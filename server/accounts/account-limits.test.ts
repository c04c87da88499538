import { expect, it } from "vitest";
import { addToCart } from "../cart/cart.service.ts";
import { PUBLIC_MAILS_PER_HOUR } from "../mail/mail.service.ts";
import { sendOrderLink } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
  uniqueAddress,
  uniqueWord,
} from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { logIn, MAX_FAILURES_PER_EMAIL, signUp } from "./accounts.service.ts";
import { requestPasswordReset, resendEmailVerification } from "./identity.service.ts";

/** Sends every call at once, as an attacker's burst arrives, and sorts the outcomes by error code. */
async function burst(calls: Promise<unknown>[]): Promise<Record<string, number>> {
  const outcomes = await Promise.allSettled(calls);
  const tally: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.status === "fulfilled" ? "ok" : ((outcome.reason as { code?: string }).code ?? "error");
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

describeEachDatabase("account limits under a burst", (database) => {
  it("checks exactly five guesses of one account's password from forty addresses at once", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const guesses = Array.from({ length: 40 }, (_, index) =>
      logIn(db, { email: customer.email, password: `guess-${index}` }, { ip: uniqueAddress(), userAgent: "x" }),
    );
    expect(await burst(guesses)).toEqual({ "invalid-credential": MAX_FAILURES_PER_EMAIL, "too-many-requests": 35 });
  });

  it("lets the right password in after a few failures, and forgets them", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const meta = { ip: uniqueAddress(), userAgent: "x" };
    for (let attempt = 0; attempt < 4; attempt++) {
      await logIn(db, { email: customer.email, password: "wrong" }, meta).catch(() => undefined);
    }
    await logIn(db, customer, meta);
    const counted = await db
      .selectFrom("limitHits")
      .select("action")
      .where("subject", "in", [customer.email, meta.ip])
      .where("action", "like", "login%")
      .execute();
    // The four failures still count against the address; none against the account, whose owner is back.
    expect(counted.map((row) => row.action)).toEqual([
      "login-address",
      "login-address",
      "login-address",
      "login-address",
    ]);
  });

  it("creates at most thirty accounts from one address, however many sign-ups arrive at once", async () => {
    const { db } = database();
    const ip = uniqueAddress();
    const signups = Array.from({ length: 40 }, () =>
      signUp(
        db,
        testConfig(),
        { name: "Flood", email: `${uniqueWord()}@flood.in`, password: "Secret-pass-1" },
        {
          ip,
          userAgent: "x",
        },
      ),
    );
    expect(await burst(signups)).toEqual({ ok: 30, "too-many-requests": 10 });
  });

  it("queues at most three reset mails for forty requests at once, and counts an unknown address alike", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const asks = Array.from({ length: 40 }, () =>
      requestPasswordReset(db, { email: customer.email }, { ip: uniqueAddress() }),
    );
    expect(await burst(asks)).toEqual({ ok: 40 });
    const resets = (await mailsTo(db, customer.email)).filter((mail) => mail.kind === "password-reset");
    expect(resets).toHaveLength(3);

    // The same work is done for an address with no account: it is counted as a known one is.
    const nobody = `${uniqueWord()}@nobody.in`;
    for (const email of [nobody, customer.email]) {
      await requestPasswordReset(db, { email }, { ip: uniqueAddress() });
    }
    const counted = await db
      .selectFrom("limitHits")
      .select(["subject", "action"])
      .where("subject", "in", [nobody, customer.email])
      .where("action", "=", "reset-password")
      .execute();
    expect(counted.filter((row) => row.subject === nobody)).toHaveLength(1);
    expect(counted.filter((row) => row.subject === customer.email)).toHaveLength(3);
  });

  it("sends one confirmation link for ten Send again pressed at once", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const later = Date.now() + 61_000;
    const presses = Array.from({ length: 10 }, () => resendEmailVerification(db, actorFor(customer), later));
    expect(await burst(presses)).toEqual({ ok: 1, "too-many-requests": 9 });
    expect((await mailsTo(db, customer.email)).filter((mail) => mail.kind === "verify-email")).toHaveLength(2);
  });

  it("mails one guest's address at most five times an hour from thirty-one Find my order requests", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: await makeProduct(db), size: "M" });
    const details = checkoutDetails({ email: `${uniqueWord()}@guest.in` });
    const placed = await placeOrder(db, visitor, details, atShop());
    const asks = Array.from({ length: 31 }, () =>
      sendOrderLink(db, { orderNumber: placed.orderNumber, email: details.email }, { ip: uniqueAddress() }),
    );
    expect(await burst(asks)).toEqual({ ok: 31 });
    const links = (await mailsTo(db, details.email)).filter((mail) => mail.kind === "order-link");
    expect(links).toHaveLength(PUBLIC_MAILS_PER_HOUR);
  });

  it("caps the mails anyone can cause to one address across resets, confirmations and order links", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    await addToCart(db, actor, { productId: await makeProduct(db), size: "M" });
    const placed = await placeOrder(db, actor, checkoutDetails({ email: customer.email }), atShop());
    const client = { ip: uniqueAddress() };
    for (let round = 0; round < 3; round++) {
      await requestPasswordReset(db, { email: customer.email }, client);
      await sendOrderLink(db, { orderNumber: placed.orderNumber, email: customer.email }, client);
      await resendEmailVerification(db, actor, Date.now() + (round + 1) * 61_000);
    }
    const publicKinds = new Set(["password-reset", "order-link", "verify-email"]);
    const sent = (await mailsTo(db, customer.email)).filter((mail) => publicKinds.has(mail.kind));
    expect(sent).toHaveLength(PUBLIC_MAILS_PER_HOUR);
  });
});
