import { it } from "vitest";
import { addFirstSize, checkPages, firstProductPath, SWEEP_TIMEOUT_MS } from "./a11y.ts";
import { shelfOfferBackstage } from "./backstage.ts";
import { describeJourneys, expectNoSeriousA11yViolations } from "./browser.ts";
import { live } from "./shopper.ts";

/** The demo's newest Pakistani suit (Mahnoor Georgette Sharara Suit), first on the home page. */
const NEWEST_SUIT = 7;

describeJourneys("accessibility of a visitor's pages", (journey) => {
  it(
    "finds nothing serious on a visitor's pages",
    async () => {
      const page = await journey().newPage();
      const productPath = await firstProductPath(page);
      // A sale on one of the home page's newest suits (the demo's last, which no journey buys), so that
      // the pages show a price struck through with the offer's name, on the home page's black cards
      // and on a listing: the colours a sale adds are looked at too.
      const endSale = await shelfOfferBackstage(journey().shop, NEWEST_SUIT, "AXESALE");
      try {
        // A piece in the cart and on the wishlist, so that both pages show their lists.
        await addFirstSize(page, productPath);
        await page.getByRole("button", { name: "Add To Wishlist" }).click();
        await page.getByRole("button", { name: "Wishlisted" }).waitFor();
        await live(page, "/");
        await page.getByTestId("shelf-offer").first().waitFor();
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
            "/login/mobile",
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
      } finally {
        await endSale();
      }
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
