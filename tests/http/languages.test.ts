import { afterAll, beforeAll, expect, it } from "vitest";
import { COLLECTIONS } from "#core/collections.ts";
import { nationalNumber } from "#core/phone.ts";
import { CHECKOUT_WHATSAPP_LABEL_HINDI, checkoutWhatsappWording } from "#core/whatsapp-consent.ts";
import { actorFor, makeCustomer, makeProduct, uniqueWord } from "#server/testing/factories.ts";
import { messagesFor, uniqueMobile } from "#server/testing/messages.ts";
import { mailsTo } from "#server/testing/outbox.ts";
import { deliveredOrder } from "#server/testing/return-fixtures.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { messages as english } from "../../app/locales/en-IN.ts";
import { messages as hindi } from "../../app/locales/hi-IN.ts";
import { checkoutForm } from "./live-shop.ts";
import { SHOP_ORIGIN, shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * Every storefront page in English at its path and in Hindi under /hi, each with its language, its
 * canonical address and both alternates (decision record 47). What the pages say is the same code in
 * both languages, so one database is enough.
 */
describeOnSqlite("the storefront in two languages", (database) => {
  let shop: TestShop;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestShop(database());
    productId = await makeProduct(database().db, {
      title: `Saffron ${uniqueWord()} Suit`,
      category: "Pakistani Suits",
      flags: ["isPakistaniSuits"],
      price: 12_345_600,
      sizes: { M: 3 },
    });
  });
  afterAll(() => shop?.dispose());

  const pages = () => [
    "/",
    "/allproducts",
    "/filter",
    ...COLLECTIONS.map((collection) => `/${collection.slug}`),
    `/productinfo/${productId}`,
    "/how-reviews-work",
    "/data-sources",
    "/login",
    "/login/mobile",
    "/signup",
    "/cart",
    "/guest",
    "/wishlist",
    "/orders/find",
    "/forgot-password",
    `/reset-password/${"x".repeat(43)}`,
    `/verify-email/${"y".repeat(43)}`,
  ];

  it("renders every storefront page in English and in Hindi, with lang, canonical and hreflang both ways", async () => {
    for (const page of pages()) {
      const hindiPath = page === "/" ? "/hi" : `/hi${page}`;
      for (const [path, lang] of [
        [page, "en-IN"],
        [hindiPath, "hi-IN"],
      ] as const) {
        const response = await shop.request({ method: "GET", url: path });
        expect(response.statusCode, path).toBe(200);
        const html = response.body;
        expect(html, path).toContain(`<html lang="${lang}"`);
        expect(html, path).toContain(`<link rel="canonical" href="${SHOP_ORIGIN}${path}"/>`);
        expect(html, path).toContain(`<link rel="alternate" hrefLang="en-IN" href="${SHOP_ORIGIN}${page}"/>`);
        expect(html, path).toContain(`<link rel="alternate" hrefLang="hi-IN" href="${SHOP_ORIGIN}${hindiPath}"/>`);
        expect(html, path).toContain(`<link rel="alternate" hrefLang="x-default" href="${SHOP_ORIGIN}${page}"/>`);
        expect(html.match(/rel="canonical"/g)?.length, path).toBe(1);
      }
    }
  });

  it("speaks Hindi on Hindi pages, links within Hindi, and offers the same page in the other language", async () => {
    const hindi = (await shop.request({ method: "GET", url: "/hi/pakistani-suits" })).body;
    expect(hindi).toContain("पाकिस्तानी सूट");
    expect(hindi).toContain('href="/hi/cart"');
    expect(hindi).toContain('href="/pakistani-suits" hrefLang="en-IN" lang="en-IN"');
    expect(hindi).toContain(">English</a>");
    const english = (await shop.request({ method: "GET", url: "/pakistani-suits" })).body;
    expect(english).toContain('href="/hi/pakistani-suits" hrefLang="hi-IN" lang="hi-IN"');
    expect(english).toContain(">हिन्दी</a>");
    expect(english).not.toContain("पाकिस्तानी सूट");
  });

  it("declares the Devanagari font inline on Hindi pages only, as the device's own copy, and names the shop's file for later", async () => {
    const hindi = (await shop.request({ method: "GET", url: "/hi" })).body;
    const english = (await shop.request({ method: "GET", url: "/" })).body;
    // Not preloaded: a phone with its own Noto Sans Devanagari fetches nothing (record 48).
    expect(hindi).not.toMatch(/<link rel="preload" as="font"/);
    expect(english).not.toContain("devanagari-400");
    // The font's declarations are written into the Hindi page's head, not fetched as a stylesheet.
    const style = /<style ([^>]*)>([^<]*Noto Sans Devanagari[^<]*)<\/style>/.exec(hindi);
    const css = style?.[2] ?? "";
    expect(english).not.toContain("Noto Sans Devanagari");
    // One face, the regular weight: the browser draws the headings' bold from it.
    expect(css.match(/font-family:\s*"?Noto Sans Devanagari"?/g)?.length).toBe(1);
    expect(css).toMatch(/unicode-range:\s*U\+0?900-97F/i);
    expect(css).toMatch(/:lang\(hi-IN\)/);
    // The face names the device's copy alone: nothing is fetched before the page's pictures.
    const sources = /src:([^;]*);/.exec(css)?.[1] ?? "";
    expect(sources).toMatch(/^\s*local\("?Noto Sans Devanagari"?\)/);
    expect(sources).not.toContain("url(");
    // The shop's file, for a device without one, is named for the island that fetches it after the
    // page has painted, and the shop serves it.
    expect(style?.[1]).toContain('data-island="devanagari-font"');
    const file = /data-font-file="(\/assets\/[^"]*devanagari-400[^"]*\.woff2)"/.exec(style?.[1] ?? "")?.[1];
    expect((await shop.request({ method: "GET", url: file ?? "/assets/none.woff2" })).statusCode).toBe(200);
  });

  it("keeps a redirect from a Hindi page in Hindi", async () => {
    const response = await shop.request({ method: "GET", url: "/hi/order" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/hi/login?redirectTo=${encodeURIComponent("/hi/order")}`);
  });

  it("answers an unknown Hindi address with the Hindi not-found page", async () => {
    const response = await shop.request({ method: "GET", url: "/hi/no-such-page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("पेज नहीं मिला");
  });

  it("checks a guest out on /hi: the order keeps Hindi, its mail is Hindi, and its confirmation page too", async () => {
    const guest = shopBrowser(shop);
    const added = await guest.post("/hi/cart", { intent: "add", productId: String(productId), size: "M" });
    expect(added.statusCode).toBeLessThan(400);
    const email = `hindi-${uniqueWord()}@mail.in`;
    const placed = await guest.post("/hi/guest", checkoutForm(email));
    expect(placed.statusCode).toBe(302);
    const confirmation = String(placed.headers.location);
    expect(confirmation).toMatch(/^\/hi\/orders\/[\w-]{40,}$/);
    const page = await guest.get(confirmation);
    expect(page.body).toContain('<html lang="hi-IN"');
    const [mail] = await mailsTo(database().db, email);
    expect(mail?.subject).toMatch(/^आपका Kesar ऑर्डर KS-\d+$/);
    expect(mail?.payload).toMatchObject({ locale: "hi-IN", orderPath: confirmation });
  });

  it("texts the sign-in code asked for on /hi/login/mobile in Hindi, and the one asked on /login/mobile in English", async () => {
    const hindiPhone = uniqueMobile();
    const englishPhone = uniqueMobile();
    for (const [page, phone] of [
      ["/hi/login/mobile", hindiPhone],
      ["/login/mobile", englishPhone],
    ] as const) {
      const sent = await shopBrowser(shop).post(page, { intent: "send", phone: nationalNumber(phone) });
      expect(sent.statusCode).toBe(200);
    }
    const templates = async (phone: string) =>
      (await messagesFor(database().db, phone)).map((row) => [row.template, row.language]);
    expect(await templates(hindiPhone)).toEqual([["phone-code.hi", "hi"]]);
    expect(await templates(englishPhone)).toEqual([["phone-code.en", "en"]]);
  });

  it("queues the reset mail asked for on /hi/forgot-password in Hindi", async () => {
    const owner = await makeCustomer(database().db);
    const asked = await shopBrowser(shop).post("/hi/forgot-password", { email: owner.email });
    expect(asked.statusCode).toBe(200);
    const reset = (await mailsTo(database().db, owner.email)).find((mail) => mail.kind === "password-reset");
    expect(reset?.subject).toBe("अपना Kesar पासवर्ड रीसेट करें");
    expect(reset?.payload).toEqual({ link: "at-send", locale: "hi-IN" });
  });

  it("remembers for the account the language of the pages its owner opens", async () => {
    const customer = shopBrowser(shop);
    const email = `remember-${uniqueWord()}@shop.test`;
    await customer.post("/hi/signup", { name: "Meera", email, password: "Secret-pass-1", redirectTo: "" });
    const localeOfAccount = async () =>
      (await database().db.selectFrom("users").select("locale").where("email", "=", email).executeTakeFirstOrThrow())
        .locale;
    await customer.get("/hi/cart");
    expect(await localeOfAccount()).toBe("hi-IN");
    await customer.get("/cart");
    expect(await localeOfAccount()).toBe("en-IN");
  });

  /** A message as the page's HTML carries it (React escapes quotes and ampersands). */
  const inHtml = (text: string) =>
    text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

  /** The page at `path` is in Hindi and says each message in Hindi, none of them in English. */
  async function expectHindi(
    browser: ReturnType<typeof shopBrowser>,
    path: string,
    ids: readonly (keyof typeof english)[],
  ) {
    const page = await browser.get(path);
    expect(page.body, path).toContain('<html lang="hi-IN"');
    for (const id of ids) {
      expect(page.body, `${path} ${id}`).toContain(inHtml(hindi[id]));
      expect(page.body, `${path} ${id}`).not.toContain(inHtml(english[id]));
    }
    return page.body;
  }

  it("speaks Hindi on the sign-in, password and e-mail link pages, and in their refusals", async () => {
    const visitor = shopBrowser(shop);
    await expectHindi(visitor, "/hi/login/mobile", [
      "phone.haveEmail",
      "phone.hint",
      "phone.sendCode",
      "phone.findGuest",
    ]);
    await expectHindi(visitor, "/hi/forgot-password", [
      "forgot.title",
      "forgot.intro",
      "forgot.send",
      "acct.remembered",
    ]);
    await expectHindi(visitor, `/hi/reset-password/${"x".repeat(43)}`, ["reset.title", "service.linkInvalid"]);
    await expectHindi(visitor, `/hi/verify-email/${"y".repeat(43)}`, ["verify.title", "verify.spent", "verify.logIn"]);
    const missing = await visitor.get("/hi/no-such-page");
    expect(missing.body).toContain(`<title>${hindi["notFound.metaTitle"]}</title>`);

    const wrongNumber = await visitor.post("/hi/login/mobile", { intent: "send", phone: "12345" });
    expect(wrongNumber.statusCode).toBe(400);
    // The refusal is said in Hindi (its English stays in the page's data only).
    expect(wrongNumber.body).toContain(`>${inHtml(hindi["service.mobileFormat"])}<`);
    expect(wrongNumber.body).not.toContain(`>${inHtml(english["service.mobileFormat"])}<`);
    // A form the page never sends is refused on the error screen, in Hindi too.
    const unknownStep = await visitor.post("/hi/login/mobile", { intent: "fly" });
    expect(unknownStep.statusCode).toBe(400);
    expect(unknownStep.body).toContain(`>${hindi["error.title"]}</h1>`);
    expect(unknownStep.body).toContain(`>${hindi["service.unknownStep"]}</p>`);
    const sent = await visitor.post("/hi/login/mobile", { intent: "send", phone: "98200 12345" });
    expect(sent.body).toContain(hindi["phone.code"]);
    expect(sent.body).toMatch(/हमने \+91 98•{5}345 पर SMS से 6 अंकों का OTP भेजा है। यह \d+ मिनट तक चलेगा।/);
  });

  it("speaks Hindi on a signed-in shopper's profile, its forms and their refusals, and English at the English paths", async () => {
    const customer = shopBrowser(shop);
    const email = `profile-${uniqueWord()}@shop.test`;
    await customer.post("/hi/signup", { name: "Meera", email, password: "Secret-pass-1", redirectTo: "" });
    const profile = await expectHindi(customer, "/hi/profile", [
      "profile.title",
      "profile.checkOrders",
      "profile.updatePhotoPassword",
      "profile.signInPrivacy",
      "profile.signOutEverywhere",
      "profile.deleteAccount",
      "profile.phone",
      "profile.notProvided",
      "points.title",
      "points.spendable",
      "points.rule",
      "mobile.notAdded",
      "mobile.add",
      "profile.sendAgain",
    ]);
    expect(profile).toContain(`<title>${hindi["profile.title"]} | Kesar</title>`);
    expect(profile).toContain(inHtml(hindi["profile.confirmEmail"].replace("{email}", email)));
    await expectHindi(customer, "/hi/profile?edit", ["profile.save", "acct.cancel", "acct.currentPassword"]);
    await expectHindi(customer, "/hi/profileform", [
      "profile.edit",
      "profile.picture",
      "profile.pictureHint",
      "picture.choose",
      "profile.saveProfile",
      "profile.changePassword",
      "acct.newPassword",
    ]);
    const form = (await customer.get("/hi/profileform")).body;
    expect(form).toMatch(/पासवर्ड: कम से कम \d+ अक्षर/);
    expect(form).toContain(`<option value="27">${hindi["state.27"]}</option>`);
    expect((await shopBrowser(shop).get("/hi/signup")).body).toMatch(/पासवर्ड: कम से कम \d+ अक्षर/);
    await expectHindi(customer, "/hi/profile/delete", [
      "delete.changedMind",
      "delete.keep",
      "delete.understand",
      "delete.ordersStay",
    ]);
    await expectHindi(customer, "/hi/profile/mobile", [
      "mobile.add",
      "mobile.intro",
      "phone.hint",
      "acct.backToProfile",
    ]);

    const wrongPassword = await customer.post("/hi/profileform", {
      intent: "password",
      currentPassword: "Not-my-password-1",
      newPassword: "Another-pass-2",
    });
    expect(wrongPassword.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongPassword.body).toContain(
      `${hindi["service.failedToUpdateProfile"]}: ${hindi["service.wrongCurrentPassword"]}`,
    );
    const weak = await customer.post("/hi/profileform", {
      intent: "password",
      currentPassword: "Secret-pass-1",
      newPassword: "1",
    });
    expect(weak.body).toMatch(/पासवर्ड कम से कम \d+ अक्षरों का होना चाहिए।/);
    const unticked = await customer.post("/hi/profile/delete", { password: "Secret-pass-1" });
    expect(unticked.body).toContain(inHtml(hindi["service.tickToDelete"]));

    const saved = await customer.post("/hi/profile?edit", {
      intent: "profile",
      name: "Meera",
      email,
      phone: "9820012345",
      address: "Flat 4, Sea View",
      city: "Mumbai",
      stateCode: "27",
      pincode: "400050",
    });
    expect(saved.headers.location).toBe("/hi/profile");
    const afterSave = (await customer.get("/hi/profile")).body;
    expect(afterSave).toContain(`>${hindi["state.27"]}</dd>`);
    // The confirmation, as the page says it before its script runs.
    expect(afterSave).toContain(`>${hindi["service.profileUpdated"]}</p></noscript>`);

    const englishProfile = (await customer.get("/profile")).body;
    expect(englishProfile).toContain(">Profile</h1>");
    expect(englishProfile).toContain(english["points.rule"]);
    expect(englishProfile).not.toContain(hindi["points.rule"]);
    expect(englishProfile).toContain(">Maharashtra</dd>");
  });

  it("lists every page in the sitemap in both languages, each with its alternates", async () => {
    const sitemap = (await shop.request({ method: "GET", url: "/sitemap.xml" })).body;
    for (const page of ["/pakistani-suits", `/productinfo/${productId}`]) {
      expect(sitemap).toContain(`<loc>${SHOP_ORIGIN}${page}</loc>`);
      expect(sitemap).toContain(`<loc>${SHOP_ORIGIN}/hi${page}</loc>`);
    }
    expect(sitemap).toContain(`<loc>${SHOP_ORIGIN}/hi</loc>`);
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="hi-IN" href="${SHOP_ORIGIN}/hi/pakistani-suits"/><xhtml:link rel="alternate" hreflang="x-default" href="${SHOP_ORIGIN}/pakistani-suits"/>`,
    );
  });

  /**
   * A Hindi page: its language, the Hindi words it must say, and the English ones it must not. The
   * page's data for hydration carries the services' English texts as they came: only what is shown
   * (the HTML without its scripts) counts.
   */
  function expectShownHindi(html: string, path: string, hindi: readonly string[], english: readonly string[]) {
    expect(html, path).toContain('<html lang="hi-IN"');
    const shown = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    for (const words of hindi) expect(shown, `${path}: ${words}`).toContain(words);
    for (const words of english) expect(shown, `${path}: ${words}`).not.toContain(words);
  }

  it("shows a guest's order, its cancel form and its failed payment in Hindi on /hi", async () => {
    const piece = await makeProduct(database().db, { title: `Anarkali ${uniqueWord()}`, sizes: { M: 2 } });
    const guest = shopBrowser(shop);
    await guest.post("/hi/cart", { intent: "add", productId: String(piece), size: "M" });
    const placed = await guest.post("/hi/guest", checkoutForm(`guest-hi-${uniqueWord()}@mail.in`));
    const orderPath = String(placed.headers.location);
    const order = await guest.get(orderPath);
    expect(order.statusCode).toBe(200);
    expectShownHindi(
      order.body,
      orderPath,
      ["यह ऑर्डर कैंसल करें", "आप ऑर्डर क्यों कैंसल कर रहे हैं?", "मेरा मन बदल गया", "ऑर्डर कैंसल करें"],
      ["Cancel this order", "Why are you cancelling?", "Changed my mind", "Choose a reason"],
    );
    expect(order.body).toMatch(/data-testid="payment-status">कैश ऑन डिलीवरी</);
    // The same order as an online one whose payment did not arrive in time: its notice and pay page.
    const token = orderPath.split("/").at(-1) ?? "";
    await database()
      .db.updateTable("orders")
      .set({ paymentMethod: "online", paymentStatus: "failed" })
      .where("accessToken", "=", token)
      .execute();
    const unpaid = await guest.get(orderPath);
    expectShownHindi(
      unpaid.body,
      orderPath,
      ["हमें समय पर आपका भुगतान नहीं मिला।", `href="${orderPath}/pay"`],
      ["We did not receive your payment in time", "Try again"],
    );
    const pay = await guest.get(`${orderPath}/pay`);
    expect(pay.statusCode).toBe(200);
    expectShownHindi(
      pay.body,
      `${orderPath}/pay`,
      ["का भुगतान करें</h1>", "देय रकम:", "फिर से कोशिश करें", "अपना ऑर्डर देखें"],
      ["Pay for order", "Amount to pay", "Try again", "View your order", "We did not receive the payment"],
    );
    expect((await guest.get(`${orderPath}/pay`.replace(/^\/hi/, ""))).body).toContain("Amount to pay");
  });

  it("shows a customer's orders, a delivered order, its return form and the review form in Hindi on /hi", async () => {
    const { db } = shop.services;
    const owner = await makeCustomer(db);
    const kurta = await makeProduct(db, { title: `Kurta ${uniqueWord()}`, price: 149_900, sizes: { M: 3, L: 2 } });
    const order = await deliveredOrder(db, actorFor(owner), [{ productId: kurta, size: "M", quantity: 1 }]);
    const customer = shopBrowser(shop);
    expect((await customer.post("/login", { email: owner.email, password: owner.password })).statusCode).toBe(302);

    const list = await customer.get("/hi/order");
    expectShownHindi(
      list.body,
      "/hi/order",
      ["मेरे ऑर्डर</h1>", `ऑर्डर ${order.orderNumber}`],
      [">My Orders<", "1 item ·"],
    );
    const detailPath = `/hi/order/${order.orderNumber}`;
    const detail = await customer.get(detailPath);
    expect(detail.statusCode).toBe(200);
    expectShownHindi(
      detail.body,
      detailPath,
      ["← मेरे ऑर्डर", "रिटर्न और एक्सचेंज", "रिटर्न या एक्सचेंज", `href="${detailPath}/return"`, "साइज़ M"],
      ["My Orders", "Returns and exchanges", "Return or exchange", "Size M", "reward point"],
    );
    const returnPath = `${detailPath}/return`;
    const returns = await customer.get(returnPath);
    expect(returns.statusCode).toBe(200);
    expectShownHindi(
      returns.body,
      returnPath,
      ["← ऑर्डर पर वापस", "कितने पीस", "यह रिटर्न माँगें", "छोटा है", "रिटर्न करके रिफ़ंड लें"],
      ["Back to the order", "How many pieces", "Ask for this return", "Too small", "Return it for a refund"],
    );
    const refused = await customer.post(returnPath, { position: "0", quantity: "1", kind: "refund", reason: "" });
    expect(refused.statusCode).toBe(400);
    expectShownHindi(refused.body, returnPath, ["कृपया कारण चुनें।"], ["Please choose a reason."]);

    const reviewPath = `/hi/review/${kurta}`;
    const review = await customer.get(reviewPath);
    expect(review.statusCode).toBe(200);
    expectShownHindi(
      review.body,
      reviewPath,
      ["रिव्यू लिखें</h1>", "आपकी रेटिंग", "फ़िटिंग कैसी रही?", "मेरा रिव्यू भेजें"],
      ["Write a review", "Your rating", "How did it fit?", "Send my review", "Runs small"],
    );
    const product = await customer.get(`/hi/productinfo/${kurta}`);
    expectShownHindi(
      product.body,
      `/hi/productinfo/${kurta}`,
      ["वेरिफ़ाइड खरीदारों के रिव्यू", "यह खरीदा है? रिव्यू लिखें"],
      ["Reviews from verified buyers", "Bought this? Write a review", "No reviews yet"],
    );
    // English stays English.
    expect((await customer.get(`/order/${order.orderNumber}`)).body).toContain("Returns and exchanges");
    // The category line says a collection's name in the page's language.
    expect((await customer.get(`/hi/productinfo/${productId}`)).body).toMatch(/uppercase[^"]*">पाकिस्तानी सूट<\/p>/);
    expect((await customer.get(`/productinfo/${productId}`)).body).toMatch(/uppercase[^"]*">Pakistani Suits<\/p>/);
  });

  it("shows how reviews work, data sources, the delivery check and an unknown unsubscribe link in Hindi", async () => {
    const pages = [
      ["/hi/how-reviews-work", ["रिव्यू कौन लिख सकता है"], ["Who can write one", "What a product page shows"]],
      ["/hi/data-sources", ["पिनकोड</h2>", "Creative Commons Attribution 4.0 लाइसेंस"], ["Pincodes", "We corrected"]],
      ["/hi/delivery", ["डिलीवरी जाँचें</h1>"], ["Check delivery"]],
    ] as const;
    for (const [path, hindi, english] of pages) {
      const page = await shop.request({ method: "GET", url: path });
      expect(page.statusCode, path).toBe(200);
      expectShownHindi(page.body, path, hindi, english);
    }
    // A refusal with a figure in it, said in Hindi with the figure kept.
    const nowhere = await shop.request({ method: "GET", url: "/hi/delivery?pincode=999999" });
    expectShownHindi(
      nowhere.body,
      "/hi/delivery?pincode=999999",
      ["हमें पिनकोड 999999 नहीं मिला।"],
      ["We could not find"],
    );
    const unknown = await shop.request({ method: "GET", url: `/hi/reviews/unsubscribe/${"x".repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expectShownHindi(
      unknown.body,
      "/hi/reviews/unsubscribe",
      ["रिव्यू के लिए ई-मेल</h1>", "यह लिंक पहचाना नहीं गया।"],
      ["Review invitations", "This link is not known"],
    );
  });

  it("asks for WhatsApp updates in Hindi on a Hindi checkout, and keeps the consent with the Hindi words", async () => {
    const piece = await makeProduct(database().db, { title: `Kurti ${uniqueWord()}`, sizes: { M: 2 } });
    const guest = shopBrowser(shop);
    await guest.post("/hi/cart", { intent: "add", productId: String(piece), size: "M" });
    const form = await guest.get("/hi/guest");
    expectShownHindi(form.body, "/hi/guest", [CHECKOUT_WHATSAPP_LABEL_HINDI], ["Send me order updates on WhatsApp"]);
    const placed = await guest.post("/hi/guest", {
      ...checkoutForm(`whatsapp-hi-${uniqueWord()}@mail.in`),
      whatsappUpdates: "1",
    });
    const token = String(placed.headers.location).split("/").at(-1) ?? "";
    const { db } = database();
    const order = await db
      .selectFrom("orders")
      .select("orderNumber")
      .where("accessToken", "=", token)
      .executeTakeFirstOrThrow();
    const consent = await db
      .selectFrom("whatsappConsents")
      .select("wording")
      .where("source", "=", `checkout ${order.orderNumber}`)
      .executeTakeFirstOrThrow();
    expect(consent.wording).toBe(checkoutWhatsappWording("hi-IN"));
  });
});
