import { it } from "vitest";
import { addFirstSize, checkEveryWay, checkPages, firstProductPath, SWEEP_TIMEOUT_MS } from "./a11y.ts";
import { deliverOrder } from "./backstage.ts";
import { describeJourneys } from "./browser.ts";
import { fillDelivery } from "./forms.ts";
import { live, placedOrder } from "./shopper.ts";

describeJourneys("accessibility of a customer's pages", (journey) => {
  it(
    "finds nothing serious on a customer's pages",
    async () => {
      const page = await journey().newPage();
      const productPath = await firstProductPath(page);
      await live(page, "/signup");
      await page.getByLabel("Name").fill("Axe Tester");
      await page.getByLabel("Email").fill(`axe-${Date.now()}@mail.in`);
      await page.getByLabel("Password").fill("Secret-pass-1");
      await page.getByRole("button", { name: "Signup" }).click();
      await page.getByText("Signup Successfully").waitFor();
      await addFirstSize(page, productPath);
      await live(page, "/cart?checkout");
      const dialog = page.getByRole("dialog", { name: "Checkout" });
      await dialog.waitFor();
      await checkEveryWay(page, "the checkout dialog");
      await fillDelivery(dialog, { name: "Axe Tester", address: "1 Marine Drive, Mumbai", pincode: "400020" });
      await dialog.getByRole("button", { name: "Order Now" }).click();
      const orderPath = `/order/${await placedOrder(page)}`;
      // Delivered, so that its return page and the piece's review form show their forms.
      await deliverOrder(journey().shop, orderPath.split("/").pop() ?? "");
      await checkPages(
        page,
        [
          "/",
          "/cart",
          "/profile",
          "/profile?edit",
          "/profile/mobile",
          "/profileform",
          "/order",
          orderPath,
          `${orderPath}/return`,
          `/review/${productPath.split("/").pop()}`,
        ],
        { fits: true },
      );
    },
    SWEEP_TIMEOUT_MS,
  );
});
