import { it } from "vitest";
import { addFirstSize, checkPages, firstProductPath, SWEEP_TIMEOUT_MS } from "./a11y.ts";
import { describeJourneys, expectNoSeriousA11yViolations } from "./browser.ts";

describeJourneys("accessibility of a visitor's pages", (journey) => {
  it(
    "finds nothing serious on a visitor's pages",
    async () => {
      const page = await journey().newPage();
      const productPath = await firstProductPath(page);
      // A piece in the cart and on the wishlist, so that both pages show their lists.
      await addFirstSize(page, productPath);
      await page.getByRole("button", { name: "Add To Wishlist" }).click();
      await page.getByRole("button", { name: "Wishlisted" }).waitFor();
      await checkPages(
        page,
        [
          "/",
          "/allproducts",
          "/pakistani-suits?sort=high",
          // A long word searched for wraps instead of widening the page.
          `/allproducts?q=${"chikankari".repeat(6)}`,
          productPath,
          "/account",
          "/login",
          "/signup",
          "/wishlist",
          "/data-sources",
          "/delivery?pincode=560034",
          "/how-reviews-work",
          "/no-such-page",
          "/cart",
          "/guest",
        ],
        { fits: true },
      );
      await page.setViewportSize({ width: 375, height: 900 });
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
      await expectNoSeriousA11yViolations(page, "the phone's menu (light, 375 px)");
      await page.evaluate(() => document.documentElement.classList.add("dark"));
      await expectNoSeriousA11yViolations(page, "the phone's menu (dark, 375 px)", {
        onlyRules: ["color-contrast", "link-in-text-block"],
      });
    },
    SWEEP_TIMEOUT_MS,
  );
});
