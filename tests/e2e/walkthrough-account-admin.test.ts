import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { checkEveryWay } from "./a11y.ts";
import { describeJourneys } from "./browser.ts";
import { fillDelivery, signInAsAdmin } from "./forms.ts";
import { linkPath, waitForMail } from "./mailbox.ts";
import { live, placedOrder, scrollsSideways, signUp } from "./shopper.ts";

/*
 * What the walk-through found on the customer's account and order pages, in the mails, and in the
 * admin area.
 */

const SUIT = "Mastani Chanderi Anarkali Set";

/** A signed-in customer buys one piece through the checkout dialog; returns the order number. */
async function buyAsCustomer(page: Page, email: string): Promise<string> {
  await live(page, `/allproducts?q=${encodeURIComponent(SUIT)}`);
  await page
    .getByRole("link", { name: new RegExp(SUIT) })
    .first()
    .click();
  await page.getByLabel("Size").selectOption("S");
  await page.getByRole("button", { name: "Order Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Checkout" });
  await dialog.getByLabel("Full Name").waitFor();
  await fillDelivery(dialog);
  await dialog.getByRole("button", { name: "Order Now" }).click();
  await placedOrder(page);
  const placed = await waitForMail(journeyShop.outboxDir, email, /^Your Kesar order KS-\d+$/);
  return placed.subject?.replace("Your Kesar order ", "") ?? "";
}

/** A guest buys one piece; returns the order number and the e-mail it went to. */
async function buyAsGuest(page: Page, email: string): Promise<string> {
  await live(page, `/allproducts?q=${encodeURIComponent(SUIT)}`);
  await page
    .getByRole("link", { name: new RegExp(SUIT) })
    .first()
    .click();
  await page.getByLabel("Size").selectOption("M");
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await page.getByText("Added to cart").last().waitFor();
  await live(page, "/guest");
  await fillDelivery(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Order Now" }).click();
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+$/);
  const heading = page.getByRole("heading", { level: 1, name: /^Order KS-\d+$/ });
  return (await heading.textContent())?.replace("Order ", "") ?? "";
}

let journeyShop: { outboxDir: string };

describeJourneys("the walk-through's findings: account, orders, mails and admin", (journey) => {
  it("lets a customer cancel before shipping with a reason; the mail says why and links the credit note, and its link outlives the account", async () => {
    journeyShop = journey().shop;
    const page = await journey().newPage();
    const email = await signUp(page, "Meher Kapoor");
    const number = await buyAsCustomer(page, email);
    await live(page, `/order/${number}`);
    await expect.poll(() => page.getByTestId("order-points").textContent()).toMatch(/pending/);
    await expect.poll(() => page.getByText("Payment: Cash on delivery").count()).toBe(1);

    await page.getByText("Cancel this order").click();
    await page.getByRole("button", { name: "Cancel order" }).click();
    // The banner names the field and links to it; the sentence stands once, beside the field.
    const banner = page.getByRole("alert");
    await expect.poll(() => banner.textContent()).toBe("1 field needs attention: Why are you cancelling?");
    await expect.poll(() => banner.getByRole("link").getAttribute("href")).toBe("#field-reason");
    await expect.poll(() => page.getByText("Please choose a reason.").count()).toBe(1);
    await checkEveryWay(page, "the order page with a cancellation refused");
    await page.getByLabel("Why are you cancelling?").selectOption({ label: "Ordered by mistake" });
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText("Your order is cancelled").waitFor();
    await expect.poll(() => page.getByTestId("cancel-reason").textContent()).toBe("Cancelled: Ordered by mistake");
    await expect.poll(() => page.getByTestId("order-points").textContent()).toMatch(/were not credited/);
    await expect.poll(() => page.getByText(/You earned/).count()).toBe(0);
    await expect.poll(() => page.getByText("Cancel this order").count()).toBe(0);

    const cancelled = await waitForMail(journey().shop.outboxDir, email, /has been cancelled$/);
    expect(cancelled.text).toContain("Reason: Ordered by mistake");
    expect(cancelled.text).not.toMatch(/You earned/);
    const creditNote = linkPath(cancelled, "/orders/");
    expect(creditNote).toMatch(/\/credit-note$/);

    await live(page, "/profile/delete");
    await page.getByRole("link", { name: "Find my order" }).waitFor();
    await page.getByLabel("Your password").fill("Secret-pass-1");
    await page.getByLabel(/I understand/).check();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByText("Your account has been deleted.").waitFor();
    // The mailed link opens the order without an account.
    await live(page, linkPath(cancelled, "/orders/").replace(/\/credit-note$/, ""));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${number}`);
    const pdf = await page.request.get(creditNote);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  });

  it("takes courier and tracking number when the admin ships, mails them with the amount due, then confirms the payment", async () => {
    journeyShop = journey().shop;
    const shopper = await journey().newPage();
    const email = `ship-${Date.now()}@mail.in`;
    const number = await buyAsGuest(shopper, email);
    const admin = await journey().newPage();
    await signInAsAdmin(admin, journey().shop);
    await live(admin, `/admin/orders?q=${number}`);
    await admin.getByTestId("admin-order-row").filter({ hasText: number }).getByRole("link", { name: number }).click();
    await admin.waitForURL(/\/admin\/orders\/\d+$/);
    // Each move asks only for what it needs: a reason only when cancelling, the parcel only when shipping.
    const reason = admin.getByLabel("Reason for cancelling");
    const courier = admin.getByLabel("Courier");
    await admin.getByLabel("Status", { exact: true }).selectOption({ label: "Cancelled" });
    await expect.poll(() => reason.isVisible()).toBe(true);
    await expect.poll(() => courier.count()).toBe(0);
    await admin.getByLabel("Status", { exact: true }).selectOption({ label: "Shipped" });
    await expect.poll(() => reason.count()).toBe(0);
    await expect.poll(() => courier.isVisible()).toBe(true);
    await admin.getByRole("button", { name: "Update Order Status" }).click();
    await expect
      .poll(() => admin.getByRole("alert").textContent())
      .toBe("Error updating order status. 2 fields need attention: Courier, Tracking number");
    await expect.poll(() => admin.getByText("Please enter the courier.").count()).toBe(1);
    await admin.getByLabel("Status", { exact: true }).selectOption({ label: "Shipped" });
    await admin.getByLabel("Courier").fill("Blue Dart");
    await admin.getByLabel("Tracking number").fill("BD 4417 2290");
    await admin.getByRole("button", { name: "Update Order Status" }).click();
    await admin.getByText("Order status updated").waitFor();

    const shipped = await waitForMail(journey().shop.outboxDir, email, /has shipped$/);
    expect(shipped.text).toContain("Courier: Blue Dart");
    expect(shipped.text).toContain("Tracking number: BD 4417 2290");
    // One date style: the day expected as the delivery promise writes it ("Fri, 4 Dec"), and the
    // tracking number a link to the courier's own tracking page.
    expect(shipped.text).toMatch(/Expected delivery: \w{3}, \d{1,2} \w{3,4}\n/);
    expect(shipped.html).toContain(
      "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&amp;trackNo=BD44172290",
    );
    expect(shipped.text).toContain("Amount due on delivery: ₹4,599");
    await live(shopper, linkPath(shipped, "/orders/"));
    await expect.poll(() => shopper.getByText("Blue Dart").count()).toBe(1);
    await expect
      .poll(() => shopper.getByRole("link", { name: /^BD 4417 2290/ }).getAttribute("href"))
      .toContain("bluedart.com");
    await expect.poll(() => shopper.getByText("Cancel this order").count()).toBe(0);

    await live(admin, `/admin/orders?q=${number}`);
    await admin.getByTestId("admin-order-row").filter({ hasText: number }).getByRole("link", { name: number }).click();
    await admin.waitForURL(/\/admin\/orders\/\d+$/);
    await admin.getByLabel("Status", { exact: true }).selectOption({ label: "Delivered" });
    await admin.getByRole("button", { name: "Update Order Status" }).click();
    await admin.getByText("Order status updated").waitFor();
    const delivered = await waitForMail(journey().shop.outboxDir, email, /has been delivered$/);
    expect(delivered.text).toContain("you paid ₹4,599 in cash to our courier at the door");
    expect(delivered.text).not.toContain("we have received your payment");
  });

  it("sends the admin to the dashboard after login, or to the page that asked for it", async () => {
    const admin = await journey().newPage();
    await signInAsAdmin(admin, journey().shop);
    await admin.waitForURL("**/dashboard");
    const other = await journey().newPage();
    await other.goto("/dashboard?tab=users");
    await other.waitForURL(/\/login\?redirectTo=/);
    await other.getByLabel("Email").fill(journey().shop.adminEmail);
    await other.getByLabel("Password").fill(journey().shop.adminPassword);
    await other.getByRole("button", { name: "Login" }).click();
    await other.waitForURL("**/dashboard?tab=users");
    // Signed in, the login and signup screens say so instead of offering their forms.
    for (const path of ["/login", "/signup", "/account"]) {
      await live(other, path);
      await expect
        .poll(() => other.getByTestId("signed-in-notice").textContent())
        .toContain(`You are signed in as ${journey().shop.adminEmail}`);
      await expect.poll(() => other.getByLabel("Password").count()).toBe(0);
    }
  });

  it("says a used confirmation link was used and offers what to do instead of the Confirm button", async () => {
    const page = await journey().newPage();
    const email = await signUp(page, "Tara Iyer");
    const mail = await waitForMail(journey().shop.outboxDir, email, /^Confirm your e-mail address for Kesar$/);
    const link = linkPath(mail, "/verify-email/");
    await live(page, link);
    await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await page.getByText(`Your e-mail address ${email} is confirmed.`).waitFor();

    await live(page, link);
    await page.getByText("This link was already used, or it has expired.").waitFor();
    await page.getByText("Your e-mail address is confirmed already").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Confirm my e-mail address" }).count()).toBe(0);
    await checkEveryWay(page, "a used confirmation link");
    await page.context().clearCookies();
    await live(page, link);
    await page.getByRole("link", { name: "Log in" }).waitFor();
    await expect.poll(() => page.getByText("we will send you a new link").count()).toBe(1);
  });

  it("draws the focus ring at 3:1 or more against the page, in light and dark mode", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await journey().newPage({ colorScheme });
      await live(page, "/login");
      await page.getByLabel("Email").focus();
      const ratio = await page.getByLabel("Email").evaluate((element) => {
        const rgb = (color: string) => (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
        const luminance = (color: string) => {
          const [r = 0, g = 0, b = 0] = rgb(color).map((value) => {
            const channel = value / 255;
            return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const ring = luminance(getComputedStyle(element).outlineColor);
        // The ring is drawn outside the field, on whatever the field sits on.
        let behind: Element | null = element.parentElement;
        while (behind && /rgba\(.*, 0\)|transparent/.test(getComputedStyle(behind).backgroundColor)) {
          behind = behind.parentElement;
        }
        const page = luminance(getComputedStyle(behind ?? document.body).backgroundColor);
        return (Math.max(ring, page) + 0.05) / (Math.min(ring, page) + 0.05);
      });
      expect(ratio, colorScheme).toBeGreaterThanOrEqual(3);
    }
  });

  it("fits the admin's orders at 768, 1024 and 1366 px with the action in sight, with status tabs, and the cards on the overview only", async () => {
    journeyShop = journey().shop;
    await buyAsGuest(await journey().newPage(), `fit-${Date.now()}@mail.in`);
    const admin = await journey().newPage({ width: 768, height: 900 });
    await signInAsAdmin(admin, journey().shop);
    for (const width of [768, 1024, 1366]) {
      await admin.setViewportSize({ width, height: 900 });
      await live(admin, "/admin/orders");
      await expect.poll(() => admin.getByTestId("admin-order-row").count()).toBeGreaterThan(0);
      await expect.poll(() => scrollsSideways(admin), { message: `page at ${width}` }).toBe(false);
      const table = admin.getByRole("table", { name: "Orders" });
      await expect
        .poll(() => table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0) + 1))
        .toBe(true);
      const action = admin.getByTestId("admin-order-row").first().getByRole("link").first();
      const box = await action.boundingBox();
      expect((box?.x ?? width) + (box?.width ?? 0), `action at ${width}`).toBeLessThanOrEqual(width);
      await expect.poll(() => admin.getByTestId("stat-Total Orders").count()).toBe(0);
    }
    await admin.getByRole("navigation", { name: "Order tabs" }).getByTestId("tab-in-transit").click();
    await admin.waitForURL(/tab=in-transit/);
    const badges = () => admin.getByTestId("admin-order-row").locator("[data-status]").allTextContents();
    // The order just placed is not among them: the tab shows shipped orders only.
    await expect.poll(async () => (await badges()).every((badge) => badge === "Shipped")).toBe(true);
    // The cash order just placed waits to be confirmed with its buyer.
    await admin.getByRole("navigation", { name: "Order tabs" }).getByTestId("tab-to-confirm").click();
    await expect.poll(async () => (await badges()).length).toBeGreaterThan(0);
    await expect.poll(async () => (await badges()).every((badge) => badge === "Placed")).toBe(true);

    await live(admin, "/dashboard?tab=emails");
    await expect.poll(() => admin.locator("thead th").last().textContent()).toBe("Action");
    // The overview ends with its content: the chart's screen-reader table adds no blank page below.
    await admin.setViewportSize({ width: 1366, height: 900 });
    await live(admin, "/dashboard");
    await admin.getByTestId("sales-chart").waitFor();
    const blank = await admin.evaluate(() => {
      const main = document.querySelector("main")?.getBoundingClientRect();
      return document.documentElement.scrollHeight - window.scrollY - (main?.bottom ?? 0);
    });
    expect(blank).toBeLessThanOrEqual(1);
  });
});
