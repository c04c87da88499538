import sharp from "sharp";
import { expect, it } from "vitest";
import { checkEveryWay } from "./a11y.ts";
import { deliverOrder, pageAs, signUpBackstage } from "./backstage.ts";
import { describeJourneys } from "./browser.ts";
import { fillDelivery, signInAsAdmin } from "./forms.ts";
import { addToCart, live, placedOrder, productPath, signUp } from "./shopper.ts";

describeJourneys(
  "reviews and size guides",
  (journey) => {
    it("a buyer reviews with a photo, the admin publishes it, and the page shows stars, fit and photo; the size guide suggests a size", async () => {
      const { shop } = journey();
      const page = await journey().newPage();
      await signUp(page, "Ritika Sharma");
      const kurta = await productPath(page, "Ivory Chikankari Kurta");
      await addToCart(page, kurta, "M");
      await live(page, "/cart?checkout");
      const checkout = page.getByRole("dialog", { name: "Checkout" });
      await fillDelivery(checkout);
      await checkout.getByRole("button", { name: "Order Now" }).click();
      const orderNumber = await placedOrder(page);

      // Before delivery the buyer is told why they cannot review yet.
      const reviewPath = kurta.replace("/productinfo/", "/review/");
      await live(page, reviewPath);
      await page.getByText("Only a customer whose order of this piece was delivered can review it.").waitFor();

      await deliverOrder(shop, orderNumber as string);

      await live(page, reviewPath);
      await page.getByLabel("4 stars").check();
      await page.getByLabel("Size you bought").selectOption("M");
      await page.getByLabel("Runs small").check();
      await page.getByLabel("Title").fill("Beautiful work, size up");
      await page.getByLabel("Your review").fill("The chikankari is fine and even. M was snug across the chest.");
      const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#e8dcc4" } })
        .jpeg()
        .toBuffer();
      await page.getByLabel("Photo 1").setInputFiles({ name: "kurta.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByRole("button", { name: "Send my review" }).click();
      await page.getByText("Your review is published once a moderator has read it").waitFor();

      const admin = await journey().newPage();
      await signInAsAdmin(admin, shop);
      await live(admin, "/admin/reviews");
      const queued = admin.getByTestId("queued-review").filter({ hasText: "Beautiful work, size up" });
      await queued.getByRole("button", { name: /^Publish/ }).click();
      await admin.getByText("The review is published.").waitFor();

      await live(page, kurta);
      await expect.poll(() => page.getByTestId("product-rating").textContent()).toContain("4.0 · 1 review");
      await expect
        .poll(() => page.getByTestId("fit-summary").textContent())
        .toContain("Size M runs small: 100 % of 1 buyer");
      const review = page.getByTestId("review").filter({ hasText: "Beautiful work, size up" });
      await review.getByText("Verified buyer").waitFor();
      await review.getByRole("img", { name: "Photo 1 from Ritika's review" }).waitFor();

      // The size guide, by keyboard: it opens on Enter, keeps Tab inside, closes on Escape.
      const opener = page.getByRole("button", { name: "Size guide" });
      await opener.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Size guide" });
      await dialog.getByRole("table").waitFor();
      await dialog.getByLabel("Inches").check();
      await expect.poll(() => dialog.getByRole("row", { name: /^M / }).textContent()).toContain("35.8");
      await dialog.getByLabel("Centimetres").check();
      await dialog.getByLabel(/Bust \/ chest/).fill("90");
      await dialog.getByRole("button", { name: "Suggest my size" }).click();
      await expect
        .poll(() => dialog.getByTestId("size-recommendation").textContent())
        .toContain("From your chest, the chart gives M.");
      // On a phone the chart is wider than the screen, and says that it scrolls sideways.
      await page.setViewportSize({ width: 375, height: 800 });
      await expect.poll(() => dialog.getByTestId("side-scroll-hint").isVisible()).toBe(true);
      // The open dialog, with its chart and recommendation, at every width in both modes.
      await checkEveryWay(page, "the size guide dialog");
      await expect.poll(() => dialog.getByTestId("side-scroll-hint").count()).toBe(0);
      // Tab never reaches the page behind the open dialog (past its last control, the browser's own UI).
      for (let press = 0; press < 12; press += 1) {
        await page.keyboard.press("Tab");
        const where = await page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return "browser";
          return active.closest("dialog") ? "dialog" : "page";
        });
        expect(where).not.toBe("page");
      }
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

      // The guide opens in the unit chosen last, on the next page load too.
      await opener.click();
      await dialog.getByLabel("Inches").check();
      await page.keyboard.press("Escape");
      await live(page, new URL(page.url()).pathname);
      await opener.click();
      await expect.poll(() => dialog.getByLabel("Inches").isChecked()).toBe(true);
    });
  },
  { images: true },
);

describeJourneys("the size guide under a quick hand", (journey) => {
  it("keeps a unit chosen the moment the guide opens, by pointer or keyboard, on a slow phone", async () => {
    const { shop } = journey();
    const customer = await signUpBackstage(shop, "Quick Chooser");
    // Saved measurements arrive while the guide opens, and fill it with a suggestion.
    await customer.post(shop.baseUrl, "/measurements", { chestMm: "900", heightMm: "1650" });
    const page = await pageAs(await journey().newPage(), shop, customer);
    await live(page, await productPath(page, "Ivory Chikankari Kurta"));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const opener = page.getByRole("button", { name: "Size guide" });
    const dialog = page.getByRole("dialog", { name: "Size guide" });
    for (let round = 0; round < 12; round += 1) {
      if (round % 2 === 0) await opener.click();
      else await opener.press("Enter");
      // Chosen at once, before the saved unit or the measurements could have settled.
      const unit = round % 3 === 0 ? "Centimetres" : "Inches";
      await dialog.getByLabel(unit).check();
      await dialog
        .getByRole("table")
        .getByText(`(${unit === "Inches" ? "in" : "cm"})`)
        .first()
        .waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }
    // The last choice is the one remembered.
    await opener.click();
    await expect.poll(() => dialog.getByLabel("Inches").isChecked()).toBe(true);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  });
});
