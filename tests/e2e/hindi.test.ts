import { expect, it } from "vitest";
import { checkEveryWay, checkPages, SWEEP_TIMEOUT_MS } from "./a11y.ts";
import { describeJourneys } from "./browser.ts";
import { MUMBAI } from "./forms.ts";
import { linkPath, waitForMail } from "./mailbox.ts";
import { live, untilLive } from "./shopper.ts";

/*
 * The shop in Hindi (decision record 47): a shopper on /hi searches in Devanagari, buys as a guest
 * and gets the confirmation in Hindi; and the Hindi pages pass the same accessibility sweep as the
 * English ones on a phone.
 */
describeJourneys("the shop in Hindi", (journey) => {
  it(
    "searches in Devanagari, adds to the cart, checks out as a guest and gets the mail in Hindi",
    async () => {
      const page = await journey().newPage();
      const fonts: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith(".woff2")) fonts.push(new URL(request.url()).pathname);
      });
      await live(page, "/hi");
      expect(await page.getAttribute("html", "lang")).toBe("hi-IN");
      // This browser has no Devanagari font of its own: the shop's file is fetched after the page's
      // first paint (record 48) and draws the Hindi text once it has come.
      const drawnInNoto = () =>
        [...document.fonts].some((face) => face.family.includes("Noto Sans Devanagari") && face.status === "loaded");
      await page.waitForFunction(drawnInNoto, null, { timeout: 10_000 });
      const fontAfterPaint = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
        const font = performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(".woff2"));
        return (font?.startTime ?? 0) > paint;
      });
      expect(fontAfterPaint).toBe(true);

      // The search box, in Hindi, finds the suits by "सूट".
      const search = page.getByRole("combobox", { name: "प्रोडक्ट खोजें" }).first();
      await search.fill("सूट");
      await search.press("Enter");
      await page.waitForURL(/\/hi\/allproducts\?q=/);
      await untilLive(page);
      await page.locator('main a[href^="/hi/productinfo/"]').first().click();
      await page.waitForURL(/\/hi\/productinfo\/\d+$/);
      await untilLive(page);
      const size = page.getByLabel("साइज़", { exact: true });
      const firstSize = await size.locator("option:not([disabled]):not([value=''])").first().getAttribute("value");
      await size.selectOption(firstSize ?? "");
      await page.getByRole("button", { name: "कार्ट में डालें" }).click();
      await page.getByText("कार्ट में जोड़ा गया").last().waitFor();

      await live(page, "/hi/guest");
      const email = `hindi-${Date.now()}@mail.in`;
      await page.getByLabel("पूरा नाम").fill("अनन्या शर्मा");
      await page.getByLabel("ई-मेल").fill(email);
      await page.getByLabel("पूरा पता").fill("फ़्लैट 12, गुलमोहर अपार्टमेंट, लिंकिंग रोड");
      const answered = page.waitForResponse((response) => response.url().endsWith(`/pincode/${MUMBAI.pincode}`));
      await page.getByLabel("पिनकोड").fill(MUMBAI.pincode);
      await answered;
      await page.getByLabel("शहर").fill("मुंबई");
      await page.getByLabel("राज्य/केंद्र शासित प्रदेश").selectOption({ label: "महाराष्ट्र" });
      await page.getByLabel("मोबाइल नंबर").fill(MUMBAI.phone);
      await page.getByRole("button", { name: "ऑर्डर करें" }).click();
      await page.waitForURL(/\/hi\/orders\/[A-Za-z0-9_-]+$/);
      const heading = page.getByRole("heading", { level: 1 });
      await expect.poll(() => heading.textContent()).toMatch(/^ऑर्डर KS-\d+$/);
      await page.getByText("धन्यवाद! आपका ऑर्डर हो गया है।").waitFor();
      const orderNumber = ((await heading.textContent()) ?? "").replace("ऑर्डर ", "");

      const mail = await waitForMail(journey().shop.outboxDir, email, new RegExp(`^आपका Kesar ऑर्डर ${orderNumber}$`));
      expect(mail.text).toContain("प्रिय अनन्या शर्मा, आपका ऑर्डर हो गया है।");
      expect(linkPath(mail, "/hi/orders/")).toBe(new URL(page.url()).pathname);
      // The Devanagari font came with the Hindi pages: one file, its regular weight.
      expect([...new Set(fonts)]).toEqual([expect.stringMatching(/devanagari-400/)]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds nothing serious on the Hindi pages at 375 px",
    async () => {
      const page = await journey().newPage();
      await checkPages(
        page,
        [
          "/hi",
          "/hi/pakistani-suits",
          "/hi/allproducts?q=सूट",
          "/hi/cart",
          "/hi/guest",
          "/hi/login",
          "/hi/login/mobile",
          "/hi/forgot-password",
          "/hi/how-reviews-work",
          "/hi/data-sources",
          "/hi/delivery",
        ],
        {
          fits: true,
        },
      );
      await live(page, "/hi/pakistani-suits");
      await page.locator('main a[href^="/hi/productinfo/"]').first().click();
      await untilLive(page);
      await checkEveryWay(page, "a Hindi product page");
    },
    SWEEP_TIMEOUT_MS,
  );

  it("fetches no Devanagari font on English pages", async () => {
    const page = await journey().newPage();
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("devanagari")) fonts.push(request.url());
    });
    await live(page, "/");
    await live(page, "/pakistani-suits");
    expect(fonts).toEqual([]);
  });
});
