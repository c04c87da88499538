import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { roleCanAny, STAFF_ROLES, type StaffRole } from "#core/permissions.ts";
import { setAccountRole } from "#server/accounts/staff-accounts.service.ts";
import { runBulkAction } from "#server/admin/order-jobs.service.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import { findProduct } from "#server/catalog/catalog.service.ts";
import type { Db } from "#server/db/schema.ts";
import { createOffer } from "#server/offers/offers-admin.service.ts";
import { confirmCashOrder } from "#server/orders/order-marks.service.ts";
import { orderRow } from "#server/orders/order-rows.service.ts";
import { changeStatus } from "#server/orders/orders.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { requestReturn } from "#server/returns/returns.service.ts";
import { cashOrder } from "#server/testing/back-office.ts";
import { atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "#server/testing/factories.ts";
import { offerForm } from "#server/testing/offer-fixtures.ts";
import { takeThrough } from "#server/testing/return-fixtures.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { permissionsOfPattern } from "../../app/admin-pages.ts";
import routes, { ADMIN_LAYOUT } from "../../app/routes.ts";
import { cookiesFrom, FORM, form, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * The staff's roles from the attacker's side (record 45): every admin route of the route table, for
 * every role, over HTTP. A role that holds one of the route's permissions gets the page; any other
 * member of staff gets a 403 that names their role, and their posts change nothing. A route added
 * to the admin layout without a permission, or without a sample address here, fails this test.
 */

function adminPaths(entries: RouteConfigEntry[], underAdmin = false, prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    const admin = underAdmin || entry.file === ADMIN_LAYOUT;
    const self = admin && entry.path !== undefined ? [path] : [];
    return [...self, ...adminPaths(entry.children ?? [], admin, path)];
  });
}

const ADMIN_ROUTES = adminPaths(routes);

type Fixtures = {
  productId: number;
  /** A cash order confirmed and waiting in To pack: the packing bench may open it. */
  toPack: number;
  delivered: number;
  eway: number;
  offerId: number;
  returnId: number;
  jobId: number;
  /** The packer's print job of the order it packed. */
  paperJobId: number;
  customerRef: string;
};

/** A real address for each admin route; a route missing here fails the test. */
function sample(path: string, f: Fixtures): string {
  const samples: Record<string, string> = {
    "/dashboard": "/dashboard",
    "/addproduct": "/addproduct",
    "/updateproduct": `/updateproduct?id=${f.productId}`,
    "/admin/products/:productId/parcel": `/admin/products/${f.productId}/parcel`,
    "/admin/products": "/admin/products",
    "/admin/products.csv": "/admin/products.csv",
    "/admin/products/import": "/admin/products/import",
    "/admin/products/:productId/stock": `/admin/products/${f.productId}/stock`,
    "/admin/products/:productId/stickers.pdf": `/admin/products/${f.productId}/stickers.pdf`,
    "/admin/orders": "/admin/orders",
    "/admin/orders.csv": "/admin/orders.csv",
    "/admin/orders/:orderId": `/admin/orders/${f.toPack}`,
    "/admin/updateorderstatus": `/admin/updateorderstatus?id=${f.toPack}`,
    "/admin/jobs/:jobId": `/admin/jobs/${f.jobId}`,
    "/admin/jobs/:jobId/paper.pdf": `/admin/jobs/${f.paperJobId}/paper.pdf`,
    "/admin/orders/:orderId/label": `/admin/orders/${f.toPack}/label`,
    "/admin/orders/:orderId/packing-slip": `/admin/orders/${f.toPack}/packing-slip`,
    "/admin/shipments": "/admin/shipments",
    "/admin/shipments/:paper": `/admin/shipments/pick-list.pdf?orderId=${f.toPack}`,
    "/admin/customers": "/admin/customers",
    "/admin/customers.csv": "/admin/customers.csv",
    "/admin/customers/:customerId": `/admin/customers/${f.customerRef}`,
    "/admin/staff": "/admin/staff",
    "/admin/audit": "/admin/audit",
    "/admin/gst": "/admin/gst",
    "/admin/delivery": "/admin/delivery",
    "/admin/reviews": "/admin/reviews",
    "/admin/returns": "/admin/returns",
    "/admin/returns/:returnId/:document": `/admin/returns/${f.returnId}/credit-note`,
    "/admin/size-charts": "/admin/size-charts",
    "/admin/searches": "/admin/searches",
    "/admin/offers": "/admin/offers",
    "/admin/offers/:offerId": `/admin/offers/${f.offerId}`,
    "/admin/gst.csv": "/admin/gst.csv",
    "/admin/gst.json": "/admin/gst.json",
    "/admin/orders/:orderId/:document": `/admin/orders/${f.delivered}/invoice`,
    "/admin/orders/:orderId/eway-bill.json": `/admin/orders/${f.eway}/eway-bill.json`,
  };
  const url = samples[path];
  if (!url) throw new Error(`The access test has no sample address for the admin route ${path}: add one.`);
  return url;
}

/** What a member of a role may GET at a route: the route's own permissions decide. */
function mayOpen(role: StaffRole, path: string): boolean {
  return roleCanAny(role, permissionsOfPattern(path));
}

/** Every state-changing form an admin screen takes, aimed at real rows. */
function attacks(f: Fixtures): Record<string, string>[] {
  return [
    { intent: "delete-product", productId: String(f.productId) },
    { intent: "cancel", reason: "customer-asked" },
    { intent: "pack" },
    { action: "cancel", order: String(f.toPack), reason: "customer-asked" },
    { action: "pack", order: String(f.toPack) },
    { intent: "invite", email: "mole@evil.test", role: "owner" },
    { intent: "add-holiday", day: "2026-12-25", name: "Hacked" },
    { word: "hackedword", target: "kurta" },
    { intent: "disable", id: String(f.offerId) },
    { intent: "note", body: "planted" },
    { intent: "retry" },
    { intent: "book-courier" },
    { intent: "check-in" },
    { intent: "book", orderId: String(f.toPack) },
    { action: "labels", order: String(f.toPack) },
    { action: "hide", ids: String(f.productId) },
    { action: "price", ids: String(f.productId), percent: "-90", reason: "planted" },
    { intent: "adjust", size: "M", kind: "correction", quantity: "-20", note: "planted" },
  ];
}

async function fixtures(db: Db): Promise<Fixtures> {
  const productId = await makeProduct(db, { title: "Guarded Kurta", sizes: { M: 20 } });
  const toPack = await cashOrder(db, { name: "Packing Buyer", phone: "9820012345" });
  await confirmCashOrder(db, SYSTEM, toPack.id);
  const delivered = await cashOrder(db, { name: "Delivered Buyer" });
  await changeStatus(db, SYSTEM, { orderId: delivered.id, from: "placed", to: "shipped" });
  await changeStatus(db, SYSTEM, { orderId: delivered.id, from: "shipped", to: "delivered" });
  const request = await requestReturn(
    db,
    { returnDays: 14 },
    SYSTEM,
    { accessToken: delivered.accessToken },
    {
      position: 0,
      quantity: 1,
      kind: "refund",
      reason: "too-small",
      refundMethod: "upi",
      upiId: "buyer@okaxis",
    },
  );
  await takeThrough(db, request.id, "refunded");
  const lehenga = await makeProduct(db, { title: "Guarded Lehenga", price: 6_000_000, sizes: { M: 5 } });
  const buyer = makeVisitor();
  await addToCart(db, buyer, { productId: lehenga, size: "M" });
  const eway = await placeOrder(
    db,
    buyer,
    checkoutDetails({ city: "Kolkata", stateCode: "19", pincode: "700016" }),
    atShop(),
  );
  const offerId = (await createOffer(db, SYSTEM, offerForm({ name: "GUARDED10" }))).id;
  return {
    productId,
    toPack: toPack.id,
    delivered: delivered.id,
    eway: eway.id,
    offerId,
    returnId: request.id,
    jobId: 0,
    paperJobId: 0,
    customerRef: `g-${delivered.id}`,
  };
}

describe("the admin route table", () => {
  it("gives every admin route a permission and a sample address", () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThan(20);
    const f = {
      productId: 1,
      toPack: 1,
      delivered: 1,
      eway: 1,
      offerId: 1,
      returnId: 1,
      jobId: 1,
      paperJobId: 1,
      customerRef: "g-1",
    };
    for (const path of ADMIN_ROUTES) {
      expect(permissionsOfPattern(path), `${path} has no permission in app/admin-pages.ts`).not.toEqual([]);
      expect(sample(path, f)).toMatch(/^\//);
    }
    // The Owner holds every permission: nothing of the admin area is closed to the shop's owner.
    for (const path of ADMIN_ROUTES) expect(mayOpen("owner", path), path).toBe(true);
  });
});

describeOnSqlite("every admin route for every role, over HTTP", (database) => {
  let shop: TestShop;
  let f: Fixtures;
  const cookies = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    shop = await startTestShop(database());
    const { db } = shop.services;
    f = await fixtures(db);
    for (const role of STAFF_ROLES) {
      const member = await makeCustomer(db, { name: `The ${role}` });
      await setAccountRole(db, member.id, role);
      const login = await shop.request({
        method: "POST",
        url: "/login",
        headers: FORM,
        payload: form({ email: member.email, password: member.password }),
      });
      cookies[role] = cookiesFrom(login);
      // The job of the sample address is the packer's own: every role that sees orders sees it.
      if (role === "packer") {
        const second = await cashOrder(db, { name: "Second Parcel" });
        await confirmCashOrder(db, SYSTEM, second.id);
        const packer = {
          kind: "user" as const,
          userId: member.id,
          email: member.email,
          name: "Packer",
          role,
          guestId: null,
        };
        f.jobId = await runBulkAction(db, packer, { action: "pack", order: [String(second.id)] });
        f.paperJobId = await runBulkAction(db, packer, { action: "labels", order: [String(second.id)] });
      }
    }
  });
  afterAll(() => shop?.dispose());

  for (const role of STAFF_ROLES) {
    it(`lets the ${role} open exactly the pages and files of the role's permissions`, async () => {
      for (const path of ADMIN_ROUTES) {
        const url = sample(path, f);
        const response = await shop.request({ method: "GET", url, headers: { cookie: cookies[role] } });
        if (mayOpen(role, path)) {
          // A page, or an old or post-only address that sends it on to its page.
          expect([200, 301, 302], `${role} GET ${url}`).toContain(response.statusCode);
        } else {
          expect(response.statusCode, `${role} GET ${url}`).toBe(403);
          expect(response.body, `${role} GET ${url}`).toContain("does not allow this");
          const data = await shop.request({ method: "GET", url: dataUrl(url), headers: { cookie: cookies[role] } });
          expect(data.statusCode, `${role} GET ${dataUrl(url)}`).toBe(403);
          expect(data.body).not.toContain("Packing Buyer");
        }
      }
    });

    it(`refuses every post the ${role}'s role does not reach, and changes nothing`, async () => {
      const { db } = shop.services;
      const auditBefore = await db.selectFrom("auditLog").select("id").execute();
      for (const path of ADMIN_ROUTES.filter((entry) => !mayOpen(role, entry))) {
        for (const payload of attacks(f)) {
          const response = await shop.request({
            method: "POST",
            url: sample(path, f),
            headers: { ...FORM, cookie: cookies[role] },
            payload: form(payload),
          });
          expect([403, 405], `${role} POST ${path} ${JSON.stringify(payload)}`).toContain(response.statusCode);
        }
      }
      expect((await findProduct(db, f.productId))?.archived).toBe(false);
      expect((await orderRow(db, { id: f.toPack }))?.status).toBe("placed");
      expect(await db.selectFrom("auditLog").select("id").execute()).toEqual(auditBefore);
      expect(await db.selectFrom("staffInvitations").select("id").execute()).toEqual([]);
    });
  }

  it("shows the packing bench masked numbers, lets it pack, and refuses it a cancellation, the files and the tax report", async () => {
    const packer = { cookie: cookies.packer };
    const index = await shop.request({ method: "GET", url: "/admin/orders?tab=to-pack", headers: packer });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain("Packing Buyer");
    expect(index.body).toContain("+91 98•••••345");
    expect(index.body).not.toContain("9820012345");
    const cancel = await shop.request({
      method: "POST",
      url: "/admin/orders?tab=to-pack",
      headers: { ...FORM, ...packer },
      payload: form({ action: "cancel", order: String(f.toPack), reason: "customer-asked" }),
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.body).toContain("Your role (Packer) does not allow this.");
    const pack = await shop.request({
      method: "POST",
      url: "/admin/orders?tab=to-pack",
      headers: { ...FORM, ...packer },
      payload: form({ action: "pack", order: String(f.toPack) }),
    });
    expect(pack.statusCode).toBe(302);
    expect(pack.headers.location).toMatch(/^\/admin\/jobs\/\d+$/);
    expect((await orderRow(shop.services.db, { id: f.toPack }))?.packedAt).not.toBeNull();
    for (const url of [
      "/admin/gst",
      "/admin/orders.csv",
      "/admin/customers.csv",
      `/admin/orders/${f.delivered}`,
      // A delivered order's paper is not the packing bench's, whatever address it types.
      `/admin/orders/${f.delivered}/label`,
    ]) {
      expect((await shop.request({ method: "GET", url, headers: packer })).statusCode, url).toBe(403);
    }
    // The shipments page shows the packing bench its To ship view only, and takes no answer to a failed delivery.
    const shipments = await shop.request({ method: "GET", url: "/admin/shipments?view=ndr", headers: packer });
    expect(shipments.statusCode).toBe(200);
    expect(shipments.body).toContain("To ship");
    expect(shipments.body).not.toContain("Failed deliveries");
    const ndr = await shop.request({
      method: "POST",
      url: "/admin/shipments",
      headers: { ...FORM, ...packer },
      payload: form({ intent: "ndr", shipmentId: "1", choice: "return" }),
    });
    expect(ndr.statusCode).toBe(403);
  });

  it("lets Support see orders and customers but refuses it the files of personal data", async () => {
    const support = { cookie: cookies.support };
    expect(
      (await shop.request({ method: "GET", url: `/admin/orders/${f.delivered}`, headers: support })).statusCode,
    ).toBe(200);
    expect((await shop.request({ method: "GET", url: "/admin/orders.csv", headers: support })).statusCode).toBe(403);
    expect((await shop.request({ method: "GET", url: "/admin/customers.csv", headers: support })).statusCode).toBe(403);
    const owner = await shop.request({
      method: "GET",
      url: "/admin/orders.csv?tab=all",
      headers: { cookie: cookies.owner },
    });
    expect(owner.headers["content-type"]).toContain("text/csv");
    expect(owner.body).toContain("Packing Buyer");
  });

  it("shows each role's menu with only what the role may use", async () => {
    const menu = async (role: StaffRole) => {
      const page = await shop.request({ method: "GET", url: "/admin/audit", headers: { cookie: cookies[role] } });
      const nav = /<nav aria-label="Admin"[\s\S]*?<\/nav>/.exec(page.body)?.[0] ?? "";
      return [...nav.matchAll(/<svg[^>]*>[\s\S]*?<\/svg>([^<]+)</g)].map((match) => match[1]?.trim());
    };
    expect(await menu("packer")).toEqual(["Orders", "Shipments", "Audit log"]);
    expect(await menu("catalogue")).toEqual(["Products", "Offers", "Size charts", "Searches", "Audit log"]);
    expect(await menu("support")).toEqual([
      "Orders",
      "Shipments",
      "Customers",
      "Users",
      "Reviews",
      "Returns",
      "Audit log",
    ]);
    expect(await menu("manager")).not.toContain("Staff");
    expect(await menu("manager")).not.toContain("Delivery");
    expect(await menu("owner")).toContain("Staff");
  });
});

function dataUrl(url: string): string {
  const parsed = new URL(url, "http://localhost");
  return `${parsed.pathname}.data${parsed.search}`;
}
