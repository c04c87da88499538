import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeCustomer } from "#server/testing/factories.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { cookiesFrom, FORM, form, multipart, startTestShop, type TestShop } from "./test-shop.ts";

describeOnSqlite("accounts over HTTP, from the attacker's side", (database) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(database());
  });
  afterAll(() => shop?.dispose());

  async function logIn(email: string, password: string, redirectTo = "/") {
    return shop.request({
      method: "POST",
      url: "/login",
      headers: FORM,
      payload: form({ email, password, redirectTo }),
    });
  }

  it("signs up, sets an HttpOnly SameSite=Lax session cookie, and shows the signed-in links", async () => {
    const email = `new-${Date.now()}@shop.test`;
    const response = await shop.request({
      method: "POST",
      url: "/signup",
      headers: FORM,
      payload: form({ name: "Farah", email, password: "secret1", redirectTo: "/western" }),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/western");
    const sessionCookie = [response.headers["set-cookie"]].flat().find((cookie) => cookie?.startsWith("sid="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const page = await shop.request({ method: "GET", url: "/", headers: { cookie: cookiesFrom(response) } });
    for (const label of ["Update Profile", "Profile", "Orders", "All Products", "Logout"]) {
      expect(page.body).toContain(`>${label}<`);
    }
    expect(page.body).toContain('aria-label="Wishlist, 0 items"');
    expect(page.body).not.toContain(">Login/Signup<");
    expect(page.body).not.toContain(">Admin<");
  });

  it("refuses every state-changing form from a forged origin", async () => {
    const customer = await makeCustomer(shop.services.db);
    const session = cookiesFrom(await logIn(customer.email, customer.password));
    for (const url of ["/login", "/signup", "/logout", "/profile", "/profileform", "/theme"]) {
      const response = await shop.app.inject({
        method: "POST",
        url,
        headers: { ...FORM, origin: "https://evil.example", cookie: session },
        payload: form({ email: customer.email, password: customer.password, name: "Pwned" }),
      });
      expect(response.statusCode, url).toBe(403);
    }
    const profile = await shop.request({ method: "GET", url: "/profile", headers: { cookie: session } });
    expect(profile.body).not.toContain("Pwned");
  });

  it("never redirects outside the site after login", async () => {
    const customer = await makeCustomer(shop.services.db);
    for (const target of ["https://evil.example", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await logIn(customer.email, customer.password, target);
      expect(response.statusCode, target).toBe(302);
      expect(response.headers.location, target).toBe("/");
    }
    const inside = await logIn(customer.email, customer.password, "/order?x=1");
    expect(inside.headers.location).toBe("/order?x=1");
  });

  it("sends a signed-out visitor from the signed-in pages to login, and back after it", async () => {
    for (const url of ["/order", "/profile", "/profileform"]) {
      const response = await shop.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    }
    const post = await shop.request({ method: "POST", url: "/profile", headers: FORM, payload: form({ name: "X" }) });
    expect(post.statusCode).toBe(302);
    expect(post.headers.location).toContain("/login");
  });

  it("lets a customer change only their own profile, whatever ids the form carries", async () => {
    const alice = await makeCustomer(shop.services.db, { name: "Alice" });
    const bob = await makeCustomer(shop.services.db, { name: "Bob" });
    const bobSession = cookiesFrom(await logIn(bob.email, bob.password));
    const response = await shop.request({
      method: "POST",
      url: "/profile?edit",
      headers: { ...FORM, cookie: bobSession },
      payload: form({
        userId: alice.id,
        id: alice.id,
        uid: alice.id,
        name: "Bob Changed",
        email: bob.email,
        phone: "",
        address: "",
      }),
    });
    expect(response.statusCode).toBe(302);
    const aliceSession = cookiesFrom(await logIn(alice.email, alice.password));
    const aliceProfile = await shop.request({ method: "GET", url: "/profile", headers: { cookie: aliceSession } });
    expect(aliceProfile.body).toContain("Alice");
    expect(aliceProfile.body).not.toContain("Bob Changed");
    const bobProfile = await shop.request({ method: "GET", url: "/profile", headers: { cookie: bobSession } });
    expect(bobProfile.body).toContain("Bob Changed");
    expect(bobProfile.body).not.toContain(alice.email);
  });

  it("ends the session at logout, so the old cookie opens nothing", async () => {
    const customer = await makeCustomer(shop.services.db);
    const session = cookiesFrom(await logIn(customer.email, customer.password));
    const logout = await shop.request({ method: "POST", url: "/logout", headers: { cookie: session } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe("/login");
    expect(logout.headers["clear-site-data"]).toBe('"storage"');
    const after = await shop.request({ method: "GET", url: "/profile", headers: { cookie: session } });
    expect(after.statusCode).toBe(302);
  });

  it("says why a login failed without telling whether the e-mail exists", async () => {
    const customer = await makeCustomer(shop.services.db);
    const wrong = await logIn(customer.email, "wrong-password");
    const unknown = await logIn("nobody-here@shop.test", "wrong-password");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toContain("Login failed: Invalid e-mail or password.");
    expect(unknown.body).toContain("Login failed: Invalid e-mail or password.");
  });

  it("accepts a real picture but refuses a renamed text file and an oversized image, with clear messages", async () => {
    const customer = await makeCustomer(shop.services.db);
    const session = cookiesFrom(await logIn(customer.email, customer.password));
    const fields = { name: "Photo Person", email: customer.email, phone: "", address: "" };

    const fake = await multipart(fields, {
      field: "picture",
      name: "me.jpg",
      type: "image/jpeg",
      data: Buffer.from("just some text, not a picture"),
    });
    const refused = await shop.request({
      method: "POST",
      url: "/profileform",
      headers: { ...fake.headers, cookie: session },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toContain("Please upload a JPEG, PNG or WebP image of at most 5 MB.");

    const noise = Buffer.alloc(3000 * 2000 * 3);
    for (let index = 0; index < noise.length; index++) noise[index] = (index * 7919) % 251;
    const huge = await sharp(noise, { raw: { width: 3000, height: 2000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(5 * 1024 * 1024);
    const big = await multipart(fields, { field: "picture", name: "big.png", type: "image/png", data: huge });
    const tooBig = await shop.request({
      method: "POST",
      url: "/profileform",
      headers: { ...big.headers, cookie: session },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.body).toContain("too large");

    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c9a227" } })
      .jpeg()
      .toBuffer();
    const good = await multipart(fields, { field: "picture", name: "me.jpg", type: "image/jpeg", data: picture });
    const saved = await shop.request({
      method: "POST",
      url: "/profileform",
      headers: { ...good.headers, cookie: session },
      payload: good.payload,
    });
    expect(saved.statusCode).toBe(302);
    const profile = await shop.request({ method: "GET", url: "/profile", headers: { cookie: session } });
    const photoUrl = profile.body.match(/src="(\/uploads\/profileImages\/[^"]+)"/)?.[1];
    expect(photoUrl).toBeDefined();
    const photo = await shop.request({ method: "GET", url: (photoUrl ?? "").replace(/&amp;/g, "&") });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    const metadata = await sharp(photo.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([400, 400, undefined]);
  });
});
