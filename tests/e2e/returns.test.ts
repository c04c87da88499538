import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { expect, it } from "vitest";
import type { DeliveryAddress } from "#core/delivery-address.ts";
import { pdfText } from "#server/testing/pdf-text.ts";
import { checkEveryWay } from "./a11y.ts";
import {
  adminBackstage,
  buyBackstage,
  deliverOrder,
  gstr1Backstage,
  pageAs,
  signUpBackstage,
  stockBackstage,
} from "./backstage.ts";
import { describeJourneys } from "./browser.ts";
import { live } from "./shopper.ts";

/*
 * Two customers in Kochi (a place of supply no other journey uses, so that the month's B2C small
 * row for Kerala moves only with these documents) return and exchange what they bought. The orders
 * are placed and delivered over HTTP; the browser is used for what only a browser shows: the return
 * forms, the admin's queue, the pages and the documents downloaded from them.
 */

/**
 * Demo catalogue pieces (ids in the order the demo seeds them). The journeys share one shop and run
 * two at a time: the stock this journey counts is of pieces and sizes no other journey orders (other
 * journeys buy the suit in M and L).
 */
const JEANS = { productId: 30, size: "M" }; // Bandra Straight-Fit Jeans, ₹1,999: 5 %
const ANARKALI = { productId: 23, size: "M" }; // Gulabo Printed Cotton Anarkali, ₹2,999: 18 %
const SUIT = { productId: 4, size: "S" }; // Ayesha Pastel Lawn Co-ordinated Suit, ₹3,199: 18 %

const kochi = (name: string): DeliveryAddress => ({
  name,
  address: "14 Marine Drive, Ernakulam",
  city: "Kochi",
  stateCode: "32",
  pincode: "682001",
  phone: "+91 98470 12345",
});

/** A document downloaded from the link named so, as pdftotext reads it. */
async function downloadedText(page: Page, link: RegExp): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link }).click()]);
  return { name: download.suggestedFilename(), text: pdfText(readFileSync(await download.path())) };
}

/** The administrator takes a request from Requested to its acceptance, one button at a time. */
async function takeThroughQueue(admin: Page, orderNumber: string, accept: string) {
  await live(admin, "/admin/returns");
  for (const [step, status] of [
    ["Schedule pickup", "Pickup scheduled"],
    ["Mark picked up", "Picked up"],
    ["Mark received", "Received"],
    [accept, accept.startsWith("Accept: restock and refund") ? "Refunded" : "Exchange accepted"],
  ] as const) {
    // Each step waits for its own answer: a toast of the step before may still be on the screen.
    await admin.getByRole("button", { name: new RegExp(`^${step}: .* of order ${orderNumber}$`) }).click();
    await admin.getByText(`The return is now: ${status}.`).last().waitFor();
  }
}

/** The B2C small row of a place of supply and rate, in paise (0 when there is none). */
function b2cs(report: Awaited<ReturnType<typeof gstr1Backstage>>, pos: string, rate: number) {
  const row = report.b2cs.find((entry) => entry.pos === pos && entry.rt === rate);
  return { taxable: Math.round((row?.txval ?? 0) * 100), igst: Math.round((row?.iamt ?? 0) * 100) };
}

const indiaMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

describeJourneys("returns", (journey) => {
  it("returns one line of a two-line order for store credit and exchanges another customer's size, through the admin's queue, to their documents, stock, points and GST report", async () => {
    const { shop } = journey();
    const [admin, meera, ravi] = await Promise.all([
      adminBackstage(shop),
      signUpBackstage(shop, "Meera Kulkarni"),
      signUpBackstage(shop, "Ravi Menon"),
    ]);
    const meerasOrder = await buyBackstage(shop, meera, [JEANS, ANARKALI], kochi("Meera Kulkarni"));
    const ravisOrder = await buyBackstage(shop, ravi, [SUIT], kochi("Ravi Menon"));
    await deliverOrder(shop, meerasOrder);
    await deliverOrder(shop, ravisOrder);
    const stock = async () => ({
      jeans: await stockBackstage(shop, admin, JEANS.productId, "M"),
      suitS: await stockBackstage(shop, admin, SUIT.productId, "S"),
      suitXL: await stockBackstage(shop, admin, SUIT.productId, "XL"),
    });
    const stockBefore = await stock();

    // Meera sends the jeans back for store credit, with a photo.
    const page = await pageAs(await journey().newPage(), shop, meera);
    await live(page, `/order/${meerasOrder}`);
    const invoiceNumber = ((await page.getByRole("link", { name: /^Tax invoice KS\// }).textContent()) ?? "").replace(
      "Tax invoice ",
      "",
    );
    await expect
      .poll(() => page.getByTestId("order-points").textContent())
      .toBe("You earned 49 reward points on this order.");
    await page.getByRole("link", { name: "Return or exchange" }).click();
    await page.waitForURL(`**/order/${meerasOrder}/return`);
    const jeans = page.locator("section", { has: page.getByRole("heading", { name: /Bandra Straight-Fit Jeans/ }) });
    await expect.poll(() => jeans.getByTestId("return-amount").textContent()).toContain("₹1,999 a piece");
    await jeans.getByLabel("Why").selectOption({ label: "Too small" });
    await jeans.getByLabel(/Store credit/).check();
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#3050a0" } })
      .jpeg()
      .toBuffer();
    await jeans
      .getByLabel("A photo (optional)")
      .setInputFiles({ name: "jeans.jpg", mimeType: "image/jpeg", buffer: photo });
    await jeans.getByRole("button", { name: "Ask for this return" }).click();
    await page.waitForURL(`**/order/${meerasOrder}`);
    await expect.poll(() => page.getByTestId("return-status").textContent()).toBe("Requested");

    // Ravi swaps his suit for a larger size, which is held for him at once.
    const ravisPage = await pageAs(await journey().newPage(), shop, ravi);
    await live(ravisPage, `/order/${ravisOrder}/return`);
    const suit = ravisPage.locator("main form").first();
    await suit.getByLabel("Why").selectOption({ label: "Too small" });
    await suit.getByLabel(/Exchange it for another size/).check();
    await suit.getByLabel("New size (for an exchange)").selectOption("XL");
    await suit.getByRole("button", { name: "Ask for this return" }).click();
    await ravisPage.waitForURL(`**/order/${ravisOrder}`);
    await expect.poll(() => ravisPage.getByTestId("return-status").textContent()).toBe("Requested");
    expect(await stockBackstage(shop, admin, SUIT.productId, "XL")).toBe(stockBefore.suitXL - 1);

    // The administrator sees Meera's photo and takes both requests through the queue.
    const month = indiaMonth();
    const reportBefore = await gstr1Backstage(shop, admin, month);
    const adminPage = await pageAs(await journey().newPage(), shop, admin);
    await live(adminPage, "/admin/returns?status=requested");
    await adminPage.getByRole("img", { name: "The shopper's photo of Bandra Straight-Fit Jeans" }).waitFor();
    await takeThroughQueue(adminPage, meerasOrder, "Accept: restock and refund");
    await takeThroughQueue(adminPage, ravisOrder, "Accept: restock and pack the new size");
    // The new size ships as an order does: courier, tracking number and day expected, or not at all.
    const shipIt = adminPage.getByRole("button", {
      name: new RegExp(`^Ship the new size: .* of order ${ravisOrder}$`),
    });
    const shipForm = adminPage.locator("form", { has: shipIt });
    await shipIt.click();
    await expect
      .poll(() => shipForm.getByRole("alert").textContent())
      .toBe("All fields are required. 2 fields need attention: Courier, Tracking number");
    await shipForm.getByLabel("Courier").fill("Delhivery");
    await shipForm.getByLabel("Tracking number").fill("DL 5566 7788");
    await shipIt.click();
    await adminPage.getByText("The new size is on its way: the buyer is told.").waitFor();

    // Meera's credit note cites the invoice, at its place of supply and rate, for exactly the jeans.
    await live(page, `/order/${meerasOrder}`);
    await expect.poll(() => page.getByTestId("return-status").textContent()).toBe("Refunded");
    const note = await downloadedText(page, /^Credit note RC\//);
    expect(note.name).toMatch(/^RC-\d\d-\d\d-\d{6}\.pdf$/);
    const noteNumber = note.name.replace(".pdf", "").replace(/^RC-(\d\d)-(\d\d)-/, "RC/$1-$2/");
    for (const words of [
      "CREDIT NOTE",
      `Credit note No. ${noteNumber}`,
      `Against invoice ${invoiceNumber}`,
      "Kerala (32)",
      "Bandra Straight-Fit Jeans (size M)",
      // ₹1,999 at 5 % IGST: 1,903.81 taxable, 95.19 tax.
      "Taxable value 1,903.81",
      "IGST 95.19",
      "Total credit ₹ 1,999.00",
      "were returned",
    ])
      expect(note.text).toContain(words);
    // The points of the returned jeans went back: 19 of the 49 (their share of ₹4,998).
    await expect
      .poll(() => page.getByTestId("order-points").textContent())
      .toBe(
        "You earned 49 reward points on this order; 19 went back with the pieces you returned, so 30 remain yours.",
      );
    await live(page, "/profile");
    await expect.poll(() => page.getByTestId("store-credit-balance").textContent()).toBe("₹1,999");
    // The ledger says why points went, with a true minus sign.
    await expect
      .poll(() => page.getByTestId("points-change").first().textContent())
      .toBe("−19 · returned Bandra Straight-Fit Jeans");
    // The credit pays for her next piece at checkout, under the grand total, which stays as it is.
    await meera.post(shop.baseUrl, "/cart", { intent: "add", productId: String(SUIT.productId), size: "S" });
    await live(page, "/cart?checkout&credit=1");
    const checkout = page.getByRole("dialog", { name: "Checkout" });
    await expect.poll(() => checkout.getByTestId("checkout-total").textContent()).toBe("₹3,299");
    await expect.poll(() => checkout.getByTestId("to-pay").textContent()).toBe("₹1,300");
    await checkEveryWay(page, "the checkout paid partly with store credit");

    // Ravi's new size is invoiced on its own, settled against his credit note: nothing to pay.
    await live(ravisPage, `/order/${ravisOrder}`);
    await expect.poll(() => ravisPage.getByTestId("return-status").textContent()).toBe("Exchange shipped");
    const parcel = ravisPage.getByTestId("exchange-shipment");
    await expect.poll(() => parcel.textContent()).toContain("Delhivery");
    await expect
      .poll(() => parcel.getByRole("link", { name: /^DL 5566 7788/ }).getAttribute("href"))
      .toBe("https://www.delhivery.com/track/package/DL55667788");
    const ravisNote = await downloadedText(ravisPage, /^Credit note RC\//);
    const ravisNoteNumber = ravisNote.name.replace(".pdf", "").replace(/^RC-(\d\d)-(\d\d)-/, "RC/$1-$2/");
    expect(ravisNote.text).toContain("Total credit ₹ 3,199.00");
    const replacement = await downloadedText(ravisPage, /^Tax invoice KS\/.*\(size XL\)$/);
    expect(replacement.text).toMatch(/Ayesha Pastel Lawn Co-.*ordinated Suit \(size XL\)/);
    for (const words of [
      "TAX INVOICE",
      "Kerala (32)",
      // ₹3,199 at 18 % IGST: 2,711.02 taxable, 487.98 tax.
      "Taxable value 2,711.02",
      "IGST 487.98",
      `Settled against credit note ${ravisNoteNumber} − 3,199.00`,
      "Balance to pay ₹ 0.00",
    ])
      expect(replacement.text).toContain(words);

    // Stock: the jeans and Ravi's first suit back on the shelf; the XL left it when it was held.
    expect(await stock()).toEqual({
      jeans: stockBefore.jeans + 1,
      suitS: stockBefore.suitS + 1,
      suitXL: stockBefore.suitXL - 1,
    });

    // GSTR-1: Kerala's 5 % row is less the jeans' credit; at 18 % the exchange's note and
    // replacement invoice cancel out; both credit notes are in their own series' range.
    const reportAfter = await gstr1Backstage(shop, admin, month);
    expect(b2cs(reportAfter, "32", 5)).toEqual({
      taxable: b2cs(reportBefore, "32", 5).taxable - 1_903_81,
      igst: b2cs(reportBefore, "32", 5).igst - 95_19,
    });
    expect(b2cs(reportAfter, "32", 18)).toEqual(b2cs(reportBefore, "32", 18));
    const returnNotes = reportAfter.doc_issue.doc_det
      .find((entry) => entry.doc_num === 5)
      ?.docs.find((series) => series.from.startsWith("RC/"));
    for (const number of [noteNumber, ravisNoteNumber]) {
      expect(number >= (returnNotes?.from ?? "~")).toBe(true);
      expect(number <= (returnNotes?.to ?? "")).toBe(true);
    }
  });
});
