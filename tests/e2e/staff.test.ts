import { expect, it } from "vitest";
import { buyOne } from "../http/live-shop.ts";
import { describeJourneys } from "./browser.ts";
import { signInAsAdmin } from "./forms.ts";
import { linkPath, waitForMail } from "./mailbox.ts";
import { live } from "./shopper.ts";

/*
 * The back office's staff in a browser (record 45): the owner invites a packer, who sets a password
 * through the link in the mail, packs an order from the packing bench, prints its label and
 * packing slip, books its courier, and is refused the tax report.
 * Each role's reach is proved route by route over HTTP (tests/http/staff-access.test.ts).
 */
describeJourneys("the shop's staff", (journey) => {
  it("has the owner invite a packer, who joins through the mail's link, packs, prints and books an order and is refused the tax report", async () => {
    const { shop } = journey();
    let token: string | null = null;
    for (let productId = 1; productId <= 70 && !token; productId++) {
      token = await buyOne(shop.baseUrl, productId, "packing-day@mail.in");
    }
    const confirmation = await (await fetch(`${shop.baseUrl}/orders/${token}`)).text();
    const orderNumber = confirmation.match(/KS-\d+/)?.[0] ?? "";
    expect(orderNumber).not.toBe("");

    const owner = await journey().newPage();
    await signInAsAdmin(owner, shop);
    await live(owner, "/admin/staff");
    const email = `packer-${Date.now()}@kesar.test`;
    await owner.getByLabel("E-mail").fill(email);
    await owner.getByLabel("Role").selectOption("packer");
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await owner.getByText("Invitation sent").waitFor();
    // The cash order is confirmed with its buyer, from the To confirm tab, as a bulk action.
    await live(owner, `/admin/orders?tab=to-confirm&q=${orderNumber}`);
    await owner.getByRole("checkbox", { name: `Select ${orderNumber}` }).check();
    await owner.getByRole("button", { name: "Confirm", exact: true }).click();
    await owner.getByRole("heading", { name: "Confirm: 1 of 1 done" }).waitFor();

    const mail = await waitForMail(shop.outboxDir, email, /invited to the Kesar shop's staff/);
    const packer = await journey().newPage();
    await live(packer, linkPath(mail, "/staff/join/"));
    await packer.getByText("to help run the shop, as Packer").waitFor();
    await packer.getByLabel("Your name").fill("Ravi");
    await packer.getByLabel("Password").fill("Packing-day-2026");
    await packer.getByRole("button", { name: "Join the staff" }).click();
    await packer.waitForURL(/\/admin\/orders\?tab=to-pack$/);
    const menu = packer.getByRole("navigation", { name: "Admin" }).getByRole("link");
    await expect.poll(() => menu.allTextContents()).toEqual(["Orders", "Shipments", "Audit log"]);

    const row = packer.getByTestId("admin-order-row").filter({ hasText: orderNumber });
    await expect.poll(() => row.getByTestId("order-index-phone").textContent()).toMatch(/^\+91 \d\d•+\d{3}$/);
    await row.getByRole("checkbox", { name: `Select ${orderNumber}` }).check();
    await packer.getByRole("button", { name: "Mark as packed" }).click();
    await packer.getByRole("heading", { name: "Mark as packed: 1 of 1 done" }).waitFor();
    await live(packer, `/admin/orders?tab=to-ship&q=${orderNumber}`);
    await expect.poll(() => packer.getByTestId("admin-order-row").filter({ hasText: orderNumber }).count()).toBe(1);

    // Its label and packing slip, one PDF of the orders ticked.
    await packer.getByRole("checkbox", { name: `Select ${orderNumber}` }).check();
    await packer.getByRole("group", { name: "Print" }).getByRole("button", { name: "Labels and slips" }).click();
    await packer.getByRole("heading", { name: "Print labels and packing slips: 1 of 1 done" }).waitFor();
    const pdfLink = await packer.getByRole("link", { name: "Open the PDF (1 order)" }).getAttribute("href");
    const pdf = await packer.request.get(`${shop.baseUrl}${pdfLink}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Then the courier, booked from the same tab.
    await live(packer, `/admin/orders?tab=to-ship&q=${orderNumber}`);
    await packer.getByRole("checkbox", { name: `Select ${orderNumber}` }).check();
    await packer.getByRole("button", { name: "Book courier" }).click();
    await packer.getByRole("heading", { name: "Book courier: 1 of 1 done" }).waitFor();
    await packer.getByText(/Booked: Delhivery Surface \d+/).waitFor();

    const refused = await packer.goto("/admin/gst");
    expect(refused?.status()).toBe(403);
    await packer.getByText("Your role (Packer) does not allow this.").waitFor();
  });
});
