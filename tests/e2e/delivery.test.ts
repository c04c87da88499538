import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { fillDelivery } from "./forms.ts";
import { addToCart, live, placedOrder, productPath, signUp } from "./shopper.ts";

describeJourneys("delivery by pincode", (journey) => {
  it("tells a shopper when a parcel reaches a pincode, remembers it, and keeps the promise on the order", async () => {
    const page = await journey().newPage();
    await signUp(page, "Meera Iyer");
    const kurta = await productPath(page, "Ivory Chikankari Kurta");
    await live(page, kurta);
    const box = page.getByRole("region", { name: "Check delivery" });
    await box.getByLabel("Pincode").fill("5600");
    await box.getByRole("button", { name: "Check" }).click();
    await box.getByText("Please enter a 6-digit pincode (it never starts with 0).").waitFor();
    await box.getByLabel("Pincode").fill("560034");
    await box.getByRole("button", { name: "Check" }).click();
    const answer = page.getByTestId("delivery-answer");
    await answer.getByText("Cash on delivery available").waitFor();
    const promised = (await answer.getByTestId("delivery-window").textContent()) ?? "";
    expect(promised).toMatch(/^Delivery (by|between) \w{3}, \d{1,2} \w{3}/);
    await expect.poll(() => answer.textContent()).toContain("Bengaluru, Karnataka");
    await expect.poll(() => answer.textContent()).toContain("Free return pickup");

    // The next product page answers for the same pincode at once.
    await live(page, await productPath(page, "Leheriya Georgette Kurta"));
    await expect.poll(() => box.getByLabel("Pincode").inputValue()).toBe("560034");
    await answer.getByText("Cash on delivery available").waitFor();

    await addToCart(page, kurta, "M");
    await live(page, "/cart?checkout");
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await fillDelivery(dialog, { city: "Bengaluru", state: "Karnataka", pincode: "560034" });
    // The checkout makes the same promise before the order is placed.
    await expect.poll(() => dialog.getByTestId("checkout-promise").textContent()).toBe(`${promised}.`);
    await dialog.getByRole("button", { name: "Order Now" }).click();
    // A customer lands on the order's confirmation, with the promise, as a guest does; it links to My Orders.
    const number = await placedOrder(page);
    await page.getByText("Order placed successfully").waitFor();
    await expect.poll(() => page.getByTestId("placed-promise").textContent()).toBe(promised);
    await page.getByRole("status").getByRole("link", { name: "My Orders" }).click();
    await page.waitForURL("**/order");
    await page.getByTestId("order-card").filter({ hasText: number }).click();
    await page.waitForURL(`**/order/${number}`);
    await expect.poll(() => page.getByTestId("delivery-promise").textContent()).toBe(promised);
  });

  it("remembers a guest's pincode in a browser without the Cookie Store API", async () => {
    const page = await journey().newPage();
    // Older Safari and Firefox have no Cookie Store API: the islands read document.cookie instead.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, "cookieStore");
      Reflect.deleteProperty(Window.prototype, "cookieStore");
    });
    await live(page, await productPath(page, "Ivory Chikankari Kurta"));
    expect(await page.evaluate(() => "cookieStore" in window)).toBe(false);
    const box = page.getByRole("region", { name: "Check delivery" });
    await box.getByLabel("Pincode").fill("560034");
    await box.getByRole("button", { name: "Check" }).click();
    const answer = page.getByTestId("delivery-answer");
    await answer.getByText("Cash on delivery available").waitFor();

    await live(page, await productPath(page, "Leheriya Georgette Kurta"));
    await expect.poll(() => box.getByLabel("Pincode").inputValue()).toBe("560034");
    await answer.getByText("Cash on delivery available").waitFor();
  });
});
