import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { downloadedText } from "./documents.ts";
import { fillDelivery, signInAsAdmin } from "./forms.ts";
import { addToCart, live, placedOrder, productPath, signUp } from "./shopper.ts";

/** Puts the suit in the cart and types a code into the cart's box. */
async function codeOnCart(page: Page, productUrl: string, code: string) {
  await addToCart(page, productUrl, "M");
  await live(page, "/cart");
  await page.getByLabel("Offer code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

describeJourneys("offers", (journey) => {
  it("WELCOME10: the admin makes it, a customer orders with it, the invoice shows it and a piece at 5 %, and a second use is refused", async () => {
    const { shop } = journey();
    const admin = await journey().newPage();
    await signInAsAdmin(admin, shop);
    await live(admin, "/admin/offers");
    await admin.getByLabel("Code or name").fill("WELCOME10");
    await admin.getByLabel("Percentage off").fill("10");
    await admin.getByLabel("Minimum cart value (₹)").fill("1999");
    await admin.getByLabel("Uses per customer").fill("1");
    await admin.getByRole("button", { name: "Create offer" }).click();
    await admin.getByText("WELCOME10 created").waitFor();
    await admin.getByTestId("offer-row").filter({ hasText: "10 % off on ₹1,999 or more" }).waitFor();

    // Not what the journey is about: a suit at ₹2,699, which 10 % off brings under ₹2,500, added over HTTP.
    const title = `Zoya Cambric Suit ${Date.now()}`;
    const added = await admin.request.post("/addproduct", {
      headers: { origin: shop.baseUrl },
      form: {
        title,
        price: "2699",
        category: "Ethnic",
        type: "Suit",
        fabric: "Cotton",
        hsn: "6204",
        description: "Block-printed cambric, three pieces.",
        flags: "isEthnic",
        stock_M: "5",
        imageUrl0: "https://images.example.com/zoya.jpg",
      },
    });
    expect(added.ok()).toBe(true);

    const shopper = await journey().newPage();
    await signUp(shopper, "Nisha Kapoor");
    const suit = await productPath(shopper, title);
    await codeOnCart(shopper, suit, "welcome10");
    await shopper.getByTestId("offer-discount").filter({ hasText: "−₹269.90" }).waitFor();
    // ₹2,529.10 to pay is asked as ₹2,529: whole rupees, the 10 paise shown as the round off.
    await expect.poll(() => shopper.getByTestId("grand-total").textContent()).toBe("₹2,529");
    await shopper.getByRole("link", { name: "Buy Now" }).click();
    const dialog = shopper.getByRole("dialog", { name: "Checkout" });
    await dialog.getByTestId("offer-discount").filter({ hasText: "Offer WELCOME10" }).waitFor();
    await fillDelivery(dialog);
    await dialog.getByRole("button", { name: "Order Now" }).click();
    await live(shopper, `/order/${await placedOrder(shopper)}`);
    await shopper.getByTestId("offer-discount").filter({ hasText: "Offer WELCOME10−₹269.90" }).waitFor();

    const invoice = await downloadedText(shopper, "Tax invoice");
    // ₹2,699 less ₹269.90 is ₹2,429.10 a piece: 5 % (18 % before the discount), taxable ₹2,313.42.
    for (const shown of ["Less: offer WELCOME10", "269.90", "2,313.42", "5%", "Round off − 0.10", "₹ 2,529.00"]) {
      expect(invoice.text).toContain(shown);
    }
    expect(invoice.text).not.toContain("18%");

    await codeOnCart(shopper, suit, "WELCOME10");
    await shopper.getByRole("alert").filter({ hasText: "You have already used WELCOME10." }).waitFor();
    await expect.poll(() => shopper.getByTestId("grand-total").textContent()).toBe("₹2,799");
  });
});
