import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { fillDelivery, fillPincode } from "./forms.ts";
import { live, placedOrder, untilLive } from "./shopper.ts";

async function openProduct(page: Page, listing: string, title: string) {
  await page.goto(listing);
  await page
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
  // The size and the buttons answer once the page is live.
  await untilLive(page);
}

async function addInSize(page: Page, size: string) {
  await page.getByLabel("Size").selectOption(size);
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await page.getByText("Added to cart").last().waitFor();
}

async function signUp(page: Page, name: string, redirectTo = "/") {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@mail.in`;
  await page.goto(`/signup?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Secret-pass-1");
  await page.getByRole("button", { name: "Signup" }).click();
  await page.getByText("Signup Successfully").waitFor();
  return email;
}

function fillCheckout(page: Page) {
  return fillDelivery(page);
}

describeJourneys("cart and checkout", (journey) => {
  it("lets a guest add two sizes, change quantities and check out via Account → guest", async () => {
    const page = await journey().newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await openProduct(page, "/pakistani-suits", "Ayesha Pastel Lawn Co-ordinated Suit");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.getByText("Please select a size").first().waitFor();
    // A stranger's pages from the shared cache had nothing of the visitor's own to ask for.
    expect(asked.filter((path) => /^\/(frame|delivery|measurements)/.test(path))).toEqual([]);
    await addInSize(page, "M");
    await addInSize(page, "L");
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("2");
    // A listing from the shared cache, rendered for a stranger, shows this guest's own count.
    await live(page, "/accessories");
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("2");

    await page.goto("/cart");
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(2);
    await page.getByRole("button", { name: "One more Ayesha Pastel Lawn Co-ordinated Suit, size M" }).click();
    await expect
      .poll(() => page.getByLabel("Quantity of Ayesha Pastel Lawn Co-ordinated Suit, size M").textContent())
      .toBe("2");
    await page.getByRole("button", { name: "One more Ayesha Pastel Lawn Co-ordinated Suit, size M" }).click();
    await expect
      .poll(() => page.getByLabel("Quantity of Ayesha Pastel Lawn Co-ordinated Suit, size M").textContent())
      .toBe("3");
    await page.getByRole("button", { name: "One fewer Ayesha Pastel Lawn Co-ordinated Suit, size M" }).click();
    await expect
      .poll(() => page.getByLabel("Quantity of Ayesha Pastel Lawn Co-ordinated Suit, size M").textContent())
      .toBe("2");
    // 3 × ₹3,199 + ₹100 shipping.
    await expect.poll(() => page.getByTestId("grand-total").textContent()).toBe("₹9,697");

    await page.getByRole("link", { name: "Buy Now" }).click();
    await page.waitForURL("**/account");
    await page.getByRole("link", { name: "Continue as guest" }).click();
    await page.waitForURL("**/guest");
    await expect
      .poll(() => page.getByText("Members' offers and points need an account", { exact: false }).isVisible())
      .toBe(true);
    // A known pincode fills in the empty city and the state.
    await fillPincode(page, "560034");
    await expect.poll(() => page.getByLabel("City").inputValue()).toBe("Bengaluru");
    await expect.poll(() => page.getByLabel("State/UT").inputValue()).toBe("29");
    await fillCheckout(page);
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.getByText("All fields are required", { exact: false }).first().waitFor();
    await expect.poll(() => page.getByLabel("Full Name").inputValue()).toBe("Asha Verma");
    await page.getByLabel("Email").fill("asha.guest@mail.in");
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+$/);
    await page.getByText("Order placed successfully").waitFor();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toMatch(/^Order KS-\d+$/);
    await expect.poll(() => page.getByText("asha.guest@mail.in").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("cart-count").count()).toBe(0);
  });

  it("lets a registered customer order, see its points pending on the profile, and see the order on My Orders", async () => {
    const page = await journey().newPage();
    await signUp(page, "Kabir Rao");
    await openProduct(page, "/anarkali-dress", "Mastani Chanderi Anarkali Set");
    await page.getByLabel("Size").selectOption("S");
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(/\/cart\?checkout/);
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await dialog.getByLabel("Full Name").waitFor();
    await fillCheckout(page);
    await dialog.getByLabel("Pincode").fill("4000");
    await dialog.getByRole("button", { name: "Order Now" }).click();
    await dialog.getByText("Please enter a 6-digit pincode (it never starts with 0).").first().waitFor();
    await expect.poll(() => dialog.getByLabel("Full Address").inputValue()).toContain("Palm Court");
    await dialog.getByLabel("Pincode").fill("400050");
    await dialog.getByRole("button", { name: "Order Now" }).click();
    await placedOrder(page);
    await page.getByText("Order placed successfully").waitFor();
    await page.getByRole("status").getByRole("link", { name: "My Orders" }).click();
    await page.waitForURL("**/order");
    const card = page.getByTestId("order-card").first();
    await expect.poll(() => card.textContent()).toContain("Mastani Chanderi Anarkali Set");
    await expect.poll(() => card.textContent()).toContain("₹4,599");
    await expect.poll(() => card.locator("[data-status]").textContent()).toBe("Placed");
    // On a phone an order is a compact row, its status said once.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(async () => (await card.boundingBox())?.height ?? 0).toBeLessThan(200);
    expect((await card.innerText()).match(/Placed/g)).toHaveLength(1);
    if (viewport) await page.setViewportSize(viewport);

    await page.goto("/profile");
    // ₹4,499 of goods earns 44 points, pending until the order is delivered (cash on delivery).
    await expect.poll(() => page.getByTestId("points-pending").textContent()).toBe("44");
    await expect.poll(() => page.getByTestId("points-balance").textContent()).toBe("0");

    // The delivery address is kept on the profile, and the next checkout starts from it.
    await openProduct(page, "/anarkali-dress", "Mastani Chanderi Anarkali Set");
    await page.getByLabel("Size").selectOption("S");
    await page.getByRole("button", { name: "Order Now" }).click();
    await page.waitForURL(/\/cart\?checkout/);
    const again = page.getByRole("dialog", { name: "Checkout" });
    await expect.poll(() => again.getByLabel("Pincode").inputValue()).toBe("400050");
    await expect.poll(() => again.getByLabel("City").inputValue()).toBe("Mumbai");
    await expect.poll(() => again.getByLabel("State/UT").inputValue()).toBe("27");
    await expect.poll(() => again.getByLabel("Full Address").inputValue()).toContain("Palm Court");
    await expect.poll(() => again.getByLabel("Mobile Number").inputValue()).toContain("98200");
  });

  it("saves to the wishlist, asks for a size where needed, and moves items to the cart", async () => {
    const page = await journey().newPage();
    await openProduct(page, "/western", "Riviera Linen Wrap Dress");
    await page.getByRole("button", { name: "Add To Wishlist" }).click();
    await page.getByText("Added to wishlist").waitFor();
    await openProduct(page, "/handbags", "Quilted Chain Sling Bag");
    await page.getByRole("button", { name: "Add To Wishlist" }).click();
    await page.getByText("Added to wishlist").last().waitFor();
    // Saved once: opened again, the page says so (Wishlisted) rather than saving it twice.
    await openProduct(page, "/western", "Riviera Linen Wrap Dress");
    await page.getByRole("button", { name: "Wishlisted" }).waitFor();

    await page.goto("/wishlist");
    await expect.poll(() => page.getByRole("heading", { name: "My Wishlist" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("wishlist-item").count()).toBe(2);
    const dress = page.getByTestId("wishlist-item").filter({ hasText: "Riviera Linen Wrap Dress" });
    await dress.getByRole("button", { name: "Add To Cart" }).click();
    await page.getByText("Please select a size").first().waitFor();
    await dress.getByLabel("Size for Riviera Linen Wrap Dress").selectOption("M");
    await dress.getByRole("button", { name: "Add To Cart" }).click();
    await page.waitForURL("**/cart");
    await page.goto("/wishlist");
    await page
      .getByTestId("wishlist-item")
      .filter({ hasText: "Quilted Chain Sling Bag" })
      .getByRole("button", { name: "Add To Cart" })
      .click();
    await page.waitForURL("**/cart");
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(2);
  });

  it("keeps a guest's cart through login and merges it into the account's", async () => {
    const page = await journey().newPage();
    const email = await signUp(page, "Zoya Khan");
    await openProduct(page, "/jewellery", "Kundan Jhumka Earrings");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await page.getByText("Added to cart").last().waitFor();
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");

    await live(page, "/accessories");
    const belt = page.locator("article").filter({ hasText: "Gold-Tone Chain Belt" });
    await belt.getByRole("button", { name: "Add to Cart: Gold-Tone Chain Belt" }).click();
    await page.getByText("Added to cart").last().waitFor();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");

    await page.goto("/cart");
    await page.getByRole("link", { name: "Buy Now" }).click();
    await page.getByRole("link", { name: "Log in" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("Secret-pass-1");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/cart");
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(2);
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("2");
  });
});
