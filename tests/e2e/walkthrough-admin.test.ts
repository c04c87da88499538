import { expect, it } from "vitest";
import { buyOne } from "../http/live-shop.ts";
import { describeJourneys } from "./browser.ts";
import { live, scrollsSideways, signUp } from "./shopper.ts";

/*
 * What a walk-through found in the admin area: its own frame at 1024 and 1366 px, every section
 * within reach at 768 and 375 px, and what a disabled customer is told.
 */

describeJourneys("the walk-through's findings: the admin area", (journey) => {
  it("gives the admin a frame of their own that fits at 1024 and 1366 px, shows every section at 768 and 375 px, and tells a disabled customer why they left", async () => {
    // An order of its own for the orders table, whichever journeys ran before this one.
    let token: string | null = null;
    for (let productId = 1; productId <= 70 && !token; productId++) {
      token = await buyOne(journey().shop.baseUrl, productId, "walk-through@mail.in");
    }
    expect(token).not.toBeNull();
    const customer = await journey().newPage();
    const email = await signUp(customer, "Nisha Menon");
    await live(customer, "/profile");
    const admin = await journey().newPage({ width: 1024, height: 800 });
    const { adminEmail, adminPassword } = journey().shop;
    await live(admin, "/login");
    await admin.getByLabel("Email").fill(adminEmail);
    await admin.getByLabel("Password").fill(adminPassword);
    await admin.getByRole("button", { name: "Login" }).click();
    await admin.getByText("Login successful").waitFor();
    await live(admin, "/dashboard");
    for (const section of ["Dashboard", "Products", "Orders", "Users"]) {
      await admin.setViewportSize({ width: 1024, height: 800 });
      await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: section }).click();
      await expect.poll(() => admin.getByRole("heading", { level: 1 }).textContent()).toBe(section);
      await expect.poll(() => admin.getByRole("contentinfo").count()).toBe(0);
      // The same screen on a wider one, as a window dragged wider.
      for (const width of [1024, 1366]) {
        await admin.setViewportSize({ width, height: 800 });
        await expect.poll(() => scrollsSideways(admin), { message: `${section} at ${width}` }).toBe(false);
      }
    }
    // On a tablet and a phone every section shows: the strip wraps, nothing hides past its edge.
    const sections = admin.getByRole("navigation", { name: "Admin" }).getByRole("link");
    for (const width of [768, 375]) {
      await admin.setViewportSize({ width, height: 800 });
      await expect.poll(() => sections.count()).toBe(16);
      await expect
        .poll(
          () =>
            sections.evaluateAll((links) =>
              links
                .filter((link) => {
                  const box = link.getBoundingClientRect();
                  return box.left < 0 || box.right > document.documentElement.clientWidth;
                })
                .map((link) => link.textContent),
            ),
          { message: `sections cut off at ${width} px` },
        )
        .toEqual([]);
    }
    await admin.setViewportSize({ width: 1024, height: 800 });
    // The orders table fits beside the navigation: it does not need to scroll sideways.
    await live(admin, "/admin/orders");
    const table = admin.getByRole("table", { name: "Orders" });
    await expect.poll(() => admin.getByTestId("admin-order-row").count()).toBeGreaterThan(0);
    await expect
      .poll(() => table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0) + 1))
      .toBe(true);

    await live(admin, `/dashboard?tab=users&q=${encodeURIComponent(email)}`);
    await admin.getByRole("switch", { name: `Disabled: ${email}` }).click();
    const confirm = admin.getByRole("dialog", { name: `Disable ${email}?` });
    await confirm.getByRole("button", { name: "Disable" }).click();
    await admin.getByText("User disabled").waitFor();
    await customer.reload();
    await customer.waitForURL("**/login");
    await customer
      .getByText(/Your account has been disabled/)
      .first()
      .waitFor();
  });
});
