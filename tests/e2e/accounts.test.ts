import sharp from "sharp";
import { expect, it } from "vitest";
import { describeJourneys } from "./browser.ts";
import { live, untilLive } from "./shopper.ts";

describeJourneys(
  "accounts",
  (journey) => {
    it("signs up, logs out and in, edits the profile inline and uploads a photo that stays after a reload", async () => {
      const page = await journey().newPage();
      const email = `meera-${Date.now()}@mail.in`;
      await page.goto("/");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login/Signup" }).click();
      await page.waitForURL("**/login");
      await page.getByRole("main").getByRole("link", { name: "Signup", exact: true }).click();
      await page.waitForURL("**/signup");
      await page.getByLabel("Name").fill("Meera Shah");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("Secret-pass-1");
      const askedForParts: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/frame/parts") askedForParts.push(request.url());
      });
      await page.getByRole("button", { name: "Signup" }).click();
      await page.getByText("Signup Successfully").waitFor();
      // The page after signing up was rendered for the shopper, with their own header: its islands
      // ask for no parts (which would only replace the header, closing a menu opened meanwhile).
      await untilLive(page);
      await page.waitForLoadState("networkidle");
      expect(askedForParts).toEqual([]);

      // The bar shows All Products, Wishlist and Cart; the account menu gathers the rest.
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect.poll(() => nav.getByRole("link", { name: "All Products", exact: true }).isVisible()).toBe(true);
      await expect.poll(() => nav.getByRole("link", { name: /^Wishlist, \d+ items?$/ }).isVisible()).toBe(true);
      await expect.poll(() => nav.getByRole("link", { name: /^Cart, \d+ items?$/ }).isVisible()).toBe(true);
      await nav.getByRole("button", { name: /account menu/ }).click();
      for (const label of ["Update Profile", "Profile", "Orders", "Logout"]) {
        await expect
          .poll(() => nav.getByRole(label === "Logout" ? "button" : "link", { name: label, exact: true }).isVisible())
          .toBe(true);
      }
      await expect.poll(() => nav.getByRole("link", { name: "Admin" }).count()).toBe(0);

      await nav.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL("**/login");
      await expect.poll(() => nav.getByRole("link", { name: "Login/Signup" }).isVisible()).toBe(true);

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByRole("alert").filter({ hasText: "Login failed: Invalid e-mail or password." }).waitFor();
      await page.getByLabel("Password").fill("Secret-pass-1");
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByText("Login successful").waitFor();

      await page.goto("/profile");
      await expect.poll(() => page.getByText("Not provided").count()).toBe(5);
      await page.getByRole("link", { name: "Edit profile" }).click();
      await expect.poll(() => page.getByLabel("Email").getAttribute("type")).toBe("email");
      await page.getByLabel("Phone Number").fill("+91 98200 55555");
      await page.getByLabel("Address").fill("4 Pali Hill, Bandra West, Mumbai");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Profile updated successfully!").waitFor();
      await expect.poll(() => page.getByText("9820055555").isVisible()).toBe(true);
      await expect.poll(() => page.getByText("4 Pali Hill, Bandra West, Mumbai").isVisible()).toBe(true);

      // A failed save keeps the inputs and says why.
      await page.getByRole("link", { name: "Edit profile" }).click();
      await page.getByLabel("Phone Number").fill("12345");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("alert").filter({ hasText: "Failed to update profile" }).waitFor();
      await expect.poll(() => page.getByLabel("Phone Number").inputValue()).toBe("12345");

      const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#b8942a" } })
        .png()
        .toBuffer();
      await page.goto("/profileform");
      await expect.poll(() => page.getByRole("heading", { name: "Edit profile" }).isVisible()).toBe(true);
      await page.getByLabel("Picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.waitForURL("**/profile");
      await page.reload();
      const image = page.getByRole("img", { name: "Meera Shah" });
      await expect.poll(() => image.getAttribute("src")).toMatch(/^\/uploads\/profileImages\/[A-Za-z0-9]+\?v=\d+$/);
      await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(400);
    });

    it("asks for the current password on the form before a change of e-mail is sent", async () => {
      const page = await journey().newPage();
      const email = `kiran-${Date.now()}@mail.in`;
      await page.goto("/signup");
      await page.getByLabel("Name").fill("Kiran Rao");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("Secret-pass-1");
      await page.getByRole("button", { name: "Signup" }).click();
      await page.getByText("Signup Successfully").waitFor();

      // The password field becomes required as the e-mail changes: a page that is live.
      await live(page, "/profileform");
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.getByLabel("Email").fill(`kiran-new-${Date.now()}@mail.in`);
      // The profile's own password field (the page's other form changes the password).
      const password = page.locator("#field-currentPassword");
      await expect.poll(() => password.getAttribute("required")).not.toBeNull();
      await page.getByRole("button", { name: "Save profile" }).click();
      await page.getByText("Please enter your current password to change your e-mail.").waitFor();
      expect(posts).toEqual([]);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-currentPassword");
    });
  },
  // The photo's pixels are what this journey checks.
  { images: true },
);
