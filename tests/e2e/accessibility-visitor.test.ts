import { it } from "vitest";
import { addFirstSize, checkPages, firstProductPath, SWEEP_TIMEOUT_MS } from "./a11y.ts";
import { describeJourneys, expectNoSeriousA11yViolations } from "./browser.ts";

describeJourneys("accessibility of a visitor's pages", (journey) => {
  it(
    "finds nothing serious on a visitor's pages",
    async () => {
      const page = await journey().newPage();
      const productPath = await firstProductPath(page);
      await checkPages(page, ["/", "/allproducts", "/pakistani-suits?sort=high", productPath]);
      await checkPages(page, [
        "/account",
        "/login",
        "/signup",
        "/wishlist",
        "/data-sources",
        "/delivery?pincode=560034",
        "/how-reviews-work",
        "/no-such-page",
      ]);
      await addFirstSize(page, productPath);
      await checkPages(page, ["/cart", "/guest"]);
      await page.setViewportSize({ width: 375, height: 900 });
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
      await expectNoSeriousA11yViolations(page, "the phone's menu (light, 375 px)");
    },
    SWEEP_TIMEOUT_MS,
  );
});
