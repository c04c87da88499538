import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { addToCart, boxesOverlap, live, productPath, signUp } from "./shopper.ts";

/*
 * What a walk-through found while shopping: the cart and its totals, toasts, the wishlist, the
 * checkout dialog and its errors.
 */

describeJourneys("the walk-through's findings: shopping", (journey) => {
  it("adds up the whole cart, marks a line that ran short, fixes it in one click and only then checks out", async () => {
    const shopper = await journey().newPage();
    const other = await journey().newPage();
    const suit = await productPath(shopper, "Sana Velvet Winter Suit");
    await addToCart(shopper, suit, "M", 3);
    // Another shopper buys two of the three in that size.
    await addToCart(other, suit, "M", 2);
    await live(other, "/guest");
    await other.getByLabel("Full Name").fill("Kiran Patil");
    await other.getByLabel("Email").fill("kiran.patil@mail.in");
    await other.getByLabel("Full Address").fill("3 Linking Road, Khar West, Mumbai");
    await other.getByLabel("City").fill("Mumbai");
    await other.getByLabel("State/UT").selectOption({ label: "Maharashtra" });
    await other.getByLabel("Pincode").fill("400052");
    await other.getByLabel("Mobile Number").fill("9820033333");
    await other.getByRole("button", { name: "Order Now" }).click();
    await other.waitForURL(/\/orders\//);

    await live(shopper, "/cart");
    const total = shopper.getByTestId("grand-total");
    await expect.poll(() => total.textContent()).toBe("₹22,597");
    await expect.poll(() => shopper.getByTestId("line-problem").textContent()).toContain("Only 1 left in size M.");
    const buyNow = shopper.getByRole("button", { name: "Buy Now" });
    await expect.poll(() => buyNow.isDisabled()).toBe(true);
    await expect.poll(() => shopper.getByTestId("checkout-blocked").isVisible()).toBe(true);
    await live(shopper, "/guest");
    await expect.poll(() => shopper.getByTestId("checkout-blocked").isVisible()).toBe(true);
    await expect.poll(() => shopper.getByRole("button", { name: "Order Now" }).count()).toBe(0);

    await live(shopper, "/cart");
    await shopper.getByRole("button", { name: "Set to 1" }).click();
    await expect.poll(() => total.textContent()).toBe("₹7,599");
    await expect.poll(() => shopper.getByRole("link", { name: "Buy Now" }).isVisible()).toBe(true);
  });

  it("puts toasts where they cover no control of the header, with a View cart button", async () => {
    for (const width of [375, 1366]) {
      const page = await journey().newPage({ width, height: 800 });
      await addToCart(page, await productPath(page, "Ayesha Pastel Lawn Co-ordinated Suit"), "M");
      const toast = page
        .getByRole("region", { name: "Notifications" })
        .getByRole("status")
        .filter({ hasText: "Added to cart" })
        .last();
      const toastBox = await toast.boundingBox();
      const headerBox = await page.getByRole("banner").boundingBox();
      if (!toastBox || !headerBox) throw new Error("The toast or the header is not on screen.");
      expect(boxesOverlap(toastBox, headerBox), `at ${width} px`).toBe(false);
      // It leads somewhere, so it is a link.
      await toast.getByRole("link", { name: "View cart" }).click();
      await page.waitForURL("**/cart");
    }
  });

  it("gives a guest the way to their wishlist, with its count, in the bar and in the phone's menu", async () => {
    const page = await journey().newPage({ width: 375, height: 800 });
    await live(page, await productPath(page, "Kundan Jhumka Earrings"));
    await page.getByRole("button", { name: "Add To Wishlist" }).click();
    await page.getByText("Added to wishlist").last().waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Wishlist, 1 item" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: /Wishlist\s*1\s*items/ }).click();
    await page.waitForURL("**/wishlist");
    await expect.poll(() => page.getByTestId("wishlist-item").count()).toBe(1);
  });

  it("says so when a press never reaches the shop, and turns the heart back", async () => {
    const page = await journey().newPage({ width: 375, height: 800 });
    await live(page, await productPath(page, "Kundan Jhumka Earrings"));
    const heart = page.locator("form[data-wishlist] button");
    await page.context().setOffline(true);
    try {
      await heart.click();
      await page.getByRole("alert").filter({ hasText: "The shop could not be reached." }).waitFor();
      await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
      await expect.poll(() => heart.textContent()).toBe("Add To Wishlist");
    } finally {
      await page.context().setOffline(false);
    }
  });

  it("holds focus inside the checkout dialog and gives it back when it closes", async () => {
    const page = await journey().newPage();
    await signUp(page, "Rhea Kapoor");
    await addToCart(page, await productPath(page, "Kesariya Straight Kurta Set"), "M");
    await live(page, "/cart");
    const buyNow = page.getByRole("link", { name: "Buy Now" });
    await buyNow.click();
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await dialog.getByLabel("Full Name").waitFor();
    await expect.poll(() => dialog.getByText("Total to pay").isVisible()).toBe(true);
    // Tab never reaches the page behind (it may step out to the browser's own controls).
    for (let press = 0; press < 15; press++) {
      await page.keyboard.press("Tab");
      const where = await dialog.evaluate(
        (element) => element.contains(document.activeElement) || document.activeElement === document.body,
      );
      expect(where).toBe(true);
    }
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.search.includes("checkout"));
  });

  it("says All fields are required once, with each field's own problem beside it", async () => {
    const page = await journey().newPage();
    await live(page, "/signup");
    await page.getByRole("button", { name: "Signup" }).click();
    await page.getByRole("alert").waitFor();
    await expect.poll(() => page.getByText("All fields are required").count()).toBe(1);
    // The banner names the fields and links to them; each field says what it needs, once.
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("All fields are required. 3 fields need attention: Name, Email, Password");
    await expect.poll(() => page.getByText("Please enter your name.").count()).toBe(1);
    await expect.poll(() => page.getByText("Please enter your name.", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Please enter your e-mail address.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Please choose a password.").isVisible()).toBe(true);
  });
});
