import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { logIn } from "#server/accounts/accounts.service.ts";
import { runBulkAction } from "#server/admin/order-jobs.service.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import { findProduct } from "#server/catalog/catalog.service.ts";
import type { Db } from "#server/db/schema.ts";
import { createOffer, listOffers } from "#server/offers/offers-admin.service.ts";
import { changeStatus, orderForAdmin } from "#server/orders/orders.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { advanceReturn, requestReturn } from "#server/returns/returns.service.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
} from "#server/testing/factories.ts";
import { offerForm } from "#server/testing/offer-fixtures.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import routes, { ADMIN_LAYOUT } from "../../app/routes.ts";
import { cookiesFrom, startTestShop, type TestShop } from "./test-shop.ts";

/** Every route in the table, flattened, with its full path and whether the admin layout encloses it. */
function flatten(
  entries: RouteConfigEntry[],
  underAdmin = false,
  prefix = "",
): { path: string; file: string; admin: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    const admin = underAdmin || entry.file === ADMIN_LAYOUT;
    const self = entry.path !== undefined || entry.index ? [{ path: path || "/", file: entry.file, admin }] : [];
    return [...self, ...flatten(entry.children ?? [], admin, path)];
  });
}

const table = flatten(routes);
const adminRoutes = table.filter((entry) => entry.admin);
const ADMIN_PATH = /^\/(dashboard|admin\/|addproduct|updateproduct)/;

describe("the admin route table", () => {
  it("puts every admin path, and every module in routes/admin/, inside the guarded layout", () => {
    expect(adminRoutes.map((entry) => entry.path).sort()).toEqual(
      [
        "/addproduct",
        "/admin/updateorderstatus",
        "/admin/delivery",
        "/admin/reviews",
        "/admin/returns",
        "/admin/returns/:returnId/:document",
        "/admin/size-charts",
        "/admin/gst",
        "/admin/gst.csv",
        "/admin/gst.json",
        "/admin/searches",
        "/admin/offers",
        "/admin/offers/:offerId",
        "/admin/orders/:orderId/:document",
        "/admin/orders/:orderId/eway-bill.json",
        "/admin/products",
        "/admin/products.csv",
        "/admin/products/import",
        "/admin/products/:productId/stock",
        "/admin/products/:productId/stickers.pdf",
        "/dashboard",
        "/updateproduct",
        "/admin/orders",
        "/admin/orders.csv",
        "/admin/orders/:orderId",
        "/admin/jobs/:jobId",
        "/admin/customers",
        "/admin/customers.csv",
        "/admin/customers/:customerId",
        "/admin/staff",
        "/admin/audit",
        "/admin/jobs/:jobId/paper.pdf",
        "/admin/orders/:orderId/label",
        "/admin/orders/:orderId/packing-slip",
        "/admin/shipments",
        "/admin/shipments/:paper",
        "/admin/products/:productId/parcel",
      ].sort(),
    );
    for (const entry of table) {
      if (ADMIN_PATH.test(entry.path) || entry.file.startsWith("routes/admin/")) {
        expect(entry.admin, `${entry.path} (${entry.file}) must sit inside ${ADMIN_LAYOUT}`).toBe(true);
      }
    }
  });
});

/** A delivered order of one piece, returned for store credit and accepted: it has a credit note. */
async function acceptedReturn(db: Db, actor: Actor, productId: number): Promise<number> {
  await addToCart(db, actor, { productId, size: "M" });
  const placed = await placeOrder(db, actor, checkoutDetails(), atShop());
  await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
  await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" });
  const { id } = await requestReturn(
    db,
    { returnDays: 14 },
    actor,
    { orderNumber: placed.orderNumber },
    { position: 0, quantity: 1, kind: "refund", reason: "too-small", refundMethod: "store-credit" },
  );
  const steps = [
    ["requested", "pickup-scheduled"],
    ["pickup-scheduled", "picked-up"],
    ["picked-up", "received"],
    ["received", "refunded"],
  ] as const;
  for (const [from, to] of steps) await advanceReturn(db, ADMIN_ACTOR, { returnId: id, from, to });
  return id;
}

const ADMIN_ACTOR: Actor = {
  kind: "user",
  userId: "admin",
  email: "admin@shop.test",
  name: "Admin",
  role: "owner",
  guestId: null,
};

describeOnSqlite("the admin access matrix over HTTP", (database) => {
  let shop: TestShop;
  const cookies: Record<"anonymous" | "customer" | "admin", string> = { anonymous: "", customer: "", admin: "" };
  let productId: number;
  let orderId: number;
  /** An order to another state worth more than ₹50,000, which needs an e-way bill. */
  let ewayOrderId: number;
  let victimId: string;
  /** An accepted return, whose credit note the administrator downloads. */
  let returnId: number;
  /** An offer the forms aim at. */
  let offerId: number;
  /** A bulk job, confirming the first order. */
  let jobId: number;
  let paperJobId: number;

  beforeAll(async () => {
    shop = await startTestShop(database());
    const { db } = shop.services;
    productId = await makeProduct(db, { title: "Guarded Saree", sizes: { M: 5 } });
    const buyer = makeVisitor();
    await addToCart(db, buyer, { productId, size: "M" });
    orderId = (await placeOrder(db, buyer, checkoutDetails(), atShop())).id;
    const lehenga = await makeProduct(db, { title: "Guarded Lehenga", price: 6_000_000, sizes: { M: 5 } });
    await addToCart(db, buyer, { productId: lehenga, size: "M" });
    const kolkata = { city: "Kolkata", stateCode: "19", pincode: "700016" };
    ewayOrderId = (await placeOrder(db, buyer, checkoutDetails(kolkata), atShop())).id;
    const customer = await makeCustomer(db);
    returnId = await acceptedReturn(db, actorFor(customer), productId);
    victimId = (await makeCustomer(db)).id;
    offerId = (await createOffer(db, SYSTEM, offerForm({ name: "GUARDED10" }))).id;
    jobId = await runBulkAction(db, SYSTEM, { action: "confirm", order: [String(orderId)] });
    paperJobId = await runBulkAction(db, SYSTEM, { action: "labels", order: [String(orderId)] });
    const login = async (email: string, password: string) => {
      const response = await shop.request({
        method: "POST",
        url: "/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ email, password }).toString(),
      });
      return cookiesFrom(response);
    };
    cookies.customer = await login(customer.email, customer.password);
    cookies.admin = await login("admin@shop.test", "Admin-password-1");
    expect(
      (await logIn(db, { email: "admin@shop.test", password: "Admin-password-1" }, { ip: "1.1.1.1", userAgent: null }))
        .user.role,
    ).toBe("owner");
  });
  afterAll(() => shop?.dispose());

  const sample = (path: string) => {
    if (path === "/updateproduct") return `${path}?id=${productId}`;
    if (path === "/admin/products/:productId/parcel") return `/admin/products/${productId}/parcel`;
    if (path === "/admin/updateorderstatus") return `${path}?id=${orderId}`;
    if (path === "/admin/returns/:returnId/:document") return `/admin/returns/${returnId}/credit-note`;
    if (path === "/admin/orders/:orderId/:document") return `/admin/orders/${orderId}/invoice`;
    if (path === "/admin/offers/:offerId") return `/admin/offers/${offerId}`;
    if (path === "/admin/orders/:orderId/eway-bill.json") return `/admin/orders/${ewayOrderId}/eway-bill.json`;
    if (path === "/admin/orders/:orderId") return `/admin/orders/${orderId}`;
    if (path === "/admin/jobs/:jobId") return `/admin/jobs/${jobId}`;
    if (path === "/admin/jobs/:jobId/paper.pdf") return `/admin/jobs/${paperJobId}/paper.pdf`;
    if (path === "/admin/orders/:orderId/label") return `/admin/orders/${orderId}/label`;
    if (path === "/admin/orders/:orderId/packing-slip") return `/admin/orders/${orderId}/packing-slip`;
    if (path === "/admin/shipments/:paper") return `/admin/shipments/labels.pdf?orderId=${orderId}`;
    if (path === "/admin/customers/:customerId") return `/admin/customers/g-${orderId}`;
    if (path.startsWith("/admin/products/:productId/")) return path.replace(":productId", String(productId));
    return path;
  };

  /** Every state-changing form an admin screen takes, aimed at real rows. */
  const payloads = (): Record<string, string>[] => [
    { intent: "delete-product", productId: String(productId) },
    { intent: "toggle-user", userId: victimId, disabled: "1" },
    { from: "placed", to: "cancelled" },
    { intent: "eway-bill", ewayBillNumber: "181234567890" },
    { intent: "add-holiday", day: "2026-12-25", name: "Hacked" },
    { word: "hackedword", target: "kurta" },
    { intent: "save", kind: "code", name: "HACKED100", actionType: "percent", percent: "100" },
    { intent: "disable", id: String(offerId) },
    {
      title: "Hacked",
      price: "1",
      category: "x",
      type: "x",
      description: "x",
      imageUrl0: "https://evil.example/x.jpg",
      stock_M: "999",
    },
  ];

  for (const who of ["anonymous", "customer"] as const) {
    it(`gives ${who === "anonymous" ? "an anonymous visitor" : "a customer"} no admin page, data or change`, async () => {
      for (const { path } of adminRoutes) {
        const page = await shop.request({ method: "GET", url: sample(path), headers: { cookie: cookies[who] } });
        expect(page.statusCode, `GET ${path}`).toBe(302);
        expect(page.headers.location, path).toBe(`/login?redirectTo=${encodeURIComponent(sample(path))}`);
        // A client-side navigation's data request gets the same redirect, encoded, and no data.
        const url = new URL(sample(path), "http://localhost");
        const dataUrl = `${url.pathname}.data${url.search}`;
        const data = await shop.request({ method: "GET", url: dataUrl, headers: { cookie: cookies[who] } });
        expect(data.statusCode, dataUrl).toBe(202);
        expect(data.body, dataUrl).toContain("/login?redirectTo=");
        expect(data.body, dataUrl).not.toContain("Guarded Saree");
        expect(data.body, dataUrl).not.toContain("totalOrders");
        for (const payload of payloads()) {
          const response = await shop.request({
            method: "POST",
            url: sample(path),
            headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies[who] },
            payload: new URLSearchParams(payload).toString(),
          });
          expect([302, 403], `POST ${path} ${payload.intent ?? ""}`).toContain(response.statusCode);
        }
        const upload = new FormData();
        upload.set("title", "Hacked");
        upload.set("imageFile0", new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }), "x.jpg");
        const request = new Request("http://localhost/", { method: "POST", body: upload });
        const uploadResponse = await shop.request({
          method: "POST",
          url: sample(path),
          headers: { "content-type": request.headers.get("content-type") ?? "", cookie: cookies[who] },
          payload: Buffer.from(await request.arrayBuffer()),
        });
        expect([302, 403], `upload to ${path}`).toContain(uploadResponse.statusCode);
      }
      const { db } = shop.services;
      expect((await findProduct(db, productId))?.archived).toBe(false);
      expect((await findProduct(db, productId))?.title).toBe("Guarded Saree");
      expect((await orderForAdmin(db, SYSTEM, orderId)).status).toBe("placed");
      expect((await orderForAdmin(db, SYSTEM, ewayOrderId)).ewayBill.number).toBeNull();
      expect(await db.selectFrom("deliveryHolidays").selectAll().execute()).toEqual([]);
      expect(await db.selectFrom("searchSynonyms").select("word").where("word", "=", "hackedword").execute()).toEqual(
        [],
      );
      expect((await listOffers(db, SYSTEM)).map((offer) => [offer.name, offer.state])).toEqual([["GUARDED10", "live"]]);
      const victim = await shop.request({
        method: "GET",
        url: "/dashboard?tab=users",
        headers: { cookie: cookies.admin },
      });
      expect(victim.body).toMatch(new RegExp(`${victimId}[\\s\\S]*?aria-checked="false"`));
    });
  }

  it("answers an id in the address that is not plain digits, or names nothing, with a 404 that says so", async () => {
    const notPlainDigits = [
      `/admin/offers/0x${offerId}`,
      "/admin/offers/1e1",
      `/admin/orders/+${orderId}/invoice`,
      "/admin/orders/0x10/eway-bill.json",
      `/admin/products/0x${productId}/stock`,
      "/admin/products/1e1/stickers.pdf",
      `/admin/returns/${returnId}.0/credit-note`,
      "/admin/size-charts?product=abc",
      "/admin/updateorderstatus?id=0x10",
      "/updateproduct?id=1e1",
      "/productinfo/0x10",
      `/productinfo/${productId}e0/reviews`,
      "/review/-1",
    ];
    for (const url of [...notPlainDigits, "/admin/offers/0", "/admin/offers/99999999"]) {
      const response = await shop.request({ method: "GET", url, headers: { cookie: cookies.admin } });
      expect(response.statusCode, url).toBe(404);
    }
    const data = await shop.request({
      method: "GET",
      url: "/admin/offers/1e1.data",
      headers: { cookie: cookies.admin },
    });
    expect(data.statusCode).toBe(404);
    expect(data.body).toContain("This offer could not be found.");
  });

  it("refuses a customer's post to an admin action with a 403 that says why", async () => {
    const response = await shop.request({
      method: "POST",
      url: "/admin/delivery",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.customer },
      payload: "intent=add-holiday&day=2026-12-25&name=Hacked",
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain("Only the shop&#x27;s staff can do this.");
  });

  it("gives the administrator (an Owner) every admin page", async () => {
    for (const { path } of adminRoutes) {
      const response = await shop.request({ method: "GET", url: sample(path), headers: { cookie: cookies.admin } });
      // The order's old address sends the page to the order's own.
      const moved = { "/admin/updateorderstatus": 301, "/admin/products/:productId/parcel": 302 }[path];
      expect(response.statusCode, path).toBe(moved ?? 200);
    }
    const dashboard = await shop.request({ method: "GET", url: "/dashboard", headers: { cookie: cookies.admin } });
    expect(dashboard.body).toContain("Total Orders");
    expect(dashboard.body).toContain("Guarded Saree");
  });

  it("lets the administrator move an order, disable a user (ending their session) and delete a product", async () => {
    const admin = { "content-type": "application/x-www-form-urlencoded", cookie: cookies.admin };
    const status = await shop.request({
      method: "POST",
      url: `/admin/updateorderstatus?id=${orderId}`,
      headers: { ...admin, "sec-fetch-mode": "navigate" },
      payload: "from=placed&to=shipped&courier=Blue+Dart&trackingNumber=BD44172290&expectedDelivery=2026-04-02",
    });
    expect(status.statusCode).toBe(302);
    expect((await orderForAdmin(shop.services.db, SYSTEM, orderId)).status).toBe("shipped");

    const none = await shop.request({
      method: "POST",
      url: `/admin/updateorderstatus?id=${orderId}`,
      headers: admin,
      payload: "from=shipped&to=",
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Please select a status");
    const refused = await shop.request({
      method: "POST",
      url: `/admin/updateorderstatus?id=${orderId}`,
      headers: admin,
      payload: "from=shipped&to=placed",
    });
    expect(refused.body).toContain("Error updating order status");
    // A plain form posted to the old address, which has no page to show a refusal on, goes back to the order's page.
    const plain = await shop.request({
      method: "POST",
      url: `/admin/updateorderstatus?id=${orderId}`,
      headers: { ...admin, "sec-fetch-mode": "navigate" },
      payload: "from=shipped&to=placed",
    });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe(`/admin/orders/${orderId}`);

    const customer = await makeCustomer(shop.services.db);
    const session = cookiesFrom(
      await shop.request({
        method: "POST",
        url: "/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ email: customer.email, password: customer.password }).toString(),
      }),
    );
    await shop.request({
      method: "POST",
      url: "/dashboard",
      headers: admin,
      payload: `intent=toggle-user&userId=${customer.id}&disabled=1`,
    });
    const kickedOut = await shop.request({ method: "GET", url: "/profile", headers: { cookie: session } });
    expect(kickedOut.statusCode).toBe(302);

    await shop.request({
      method: "POST",
      url: "/dashboard",
      headers: admin,
      payload: `intent=delete-product&productId=${productId}`,
    });
    expect((await findProduct(shop.services.db, productId))?.archived).toBe(true);
    const order = await orderForAdmin(shop.services.db, SYSTEM, orderId);
    expect(order.lines[0]?.title).toBe("Guarded Saree");
  });
});
