import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { DeliveryAddress } from "#core/delivery-address.ts";
import { adminBackstage, buyBackstage, orderIdOf, pageAs, signUpBackstage } from "./backstage.ts";
import { describeJourneys } from "./browser.ts";
import { live, untilLive } from "./shopper.ts";

/*
 * Courier shipping in the browser (record 43), with the local stand-in for Shiprocket that the
 * journeys' shop books with and that moves each booked parcel on every second by its status
 * webhook: the administrator books one order on its screen and another from the shipments page;
 * the first buyer follows the parcel to Delivered on the tracking page; the second, whose parcel
 * is not delivered at the first attempt (`life:ndr` in the address), asks for another day there.
 * The orders are placed over HTTP; the browser is used for what only it shows.
 */

/** A piece no other journey counts the stock of: Seoul Oversized Poplin Shirt, L. */
const SHIRT = { productId: 8, size: "L" };

const bandra = (name: string, address: string): DeliveryAddress => ({
  name,
  address,
  city: "Mumbai",
  stateCode: "27",
  pincode: "400050",
  phone: "+91 98200 12345",
});

/** Reloads the tracking page until its status reads so (the courier moves a parcel every second). */
async function untilParcelIs(page: Page, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("parcel-status").textContent();
      },
      { timeout: 40_000, interval: 1_000 },
    )
    .toContain(status);
}

describeJourneys("courier shipping", (journey) => {
  it("books two orders, one from its screen and one from the shipments page; one buyer follows the parcel to Delivered, the other asks for another day after a failed attempt", async () => {
    const { shop, newPage } = journey();
    const [asha, ravi, adminSession] = await Promise.all([
      signUpBackstage(shop, "Asha Verma"),
      signUpBackstage(shop, "Ravi Menon"),
      adminBackstage(shop),
    ]);
    const first = await buyBackstage(shop, asha, [SHIRT], bandra("Asha Verma", "Flat 7, Palm Court, Hill Road"));
    const second = await buyBackstage(shop, ravi, [SHIRT], bandra("Ravi Menon", "12 Sea Breeze, Carter Road life:ndr"));

    const admin = await pageAs(await newPage({ width: 1366, height: 900 }), shop, adminSession);
    // Each click waits for the page to be live: a press while it hydrates can be lost.
    await live(admin, `${shop.baseUrl}/admin/updateorderstatus?id=${orderIdOf(first)}`);
    await admin.getByRole("button", { name: "Book courier" }).click();
    await admin.getByText(/Courier booked: AWB \d+/).waitFor();
    expect(await admin.getByRole("link", { name: "Label" }).getAttribute("href")).toBe(
      `/admin/orders/${orderIdOf(first)}/label`,
    );
    await live(admin, `${shop.baseUrl}/admin/shipments`);
    await admin.getByLabel(`Order ${second}`).check();
    await admin.getByRole("button", { name: "Book courier" }).click();
    await admin.getByText("1 of 1 order booked").waitFor();
    await admin
      .getByText(/Booked: Delhivery Surface \d+/)
      .first()
      .waitFor();

    const buyer = await pageAs(await newPage({ width: 375, height: 800 }), shop, asha);
    await live(buyer, `${shop.baseUrl}/order/${first}`);
    await buyer.getByRole("link", { name: "Follow your parcel" }).click();
    await buyer.waitForURL(/\/track\/[\w-]{43}$/);
    await untilParcelIs(buyer, "Delivered");
    await buyer.getByText("Out for delivery").first().waitFor();

    const other = await pageAs(await newPage({ width: 375, height: 800, colorScheme: "dark" }), shop, ravi);
    await live(other, `${shop.baseUrl}/order/${second}`);
    await other.getByRole("link", { name: "Follow your parcel" }).click();
    await other.waitForURL(/\/track\/[\w-]{43}$/);
    await expect
      .poll(
        async () => {
          await other.reload();
          return other.getByRole("heading", { name: "We could not deliver your parcel" }).count();
        },
        { timeout: 40_000, interval: 1_000 },
      )
      .toBe(1);
    await untilLive(other);
    await other.getByRole("button", { name: "Deliver again on this day" }).click();
    // The toast, not the tracking page's answered panel: the local courier takes the parcel out again
    // a second after the answer, and on a busy machine the page may already show it on its way.
    await other.getByText("The courier will deliver the parcel again.").waitFor();
    await untilParcelIs(other, "Delivered");
  });
});
