import { expect, it } from "vitest";
import type { Actor } from "#core/actor.ts";
import { adminOrders } from "../admin/admin.service.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { adminEwayBill } from "../orders/order-documents.service.ts";
import { changeStatus, orderForAdmin } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { DEMO_SELLER, DEMO_SIGNATORY } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { INTRA_STATE_LIMITS } from "./eway-bill-limits.ts";
import { recordEwayBill } from "./eway-bills.service.ts";
import { EWAY_BILL_THRESHOLD_PAISE, needsEwayBill } from "./eway-bills.ts";
import { invoiceDocument } from "./invoices.service.ts";

const KOLKATA = { address: "12 Park Street", city: "Kolkata", stateCode: "19", pincode: "700016" };
/** Every order pays ₹100 for shipping on top of its goods. */
const SHIPPING = 10_000;

async function orderWorth(db: Db, total: number, delivery: Record<string, unknown> = KOLKATA) {
  const product = await makeProduct(db, { price: total - SHIPPING, hsn: "6204", sizes: { M: 5 } });
  const visitor = makeVisitor();
  await addToCart(db, visitor, { productId: product, size: "M" });
  const placed = await placeOrder(db, visitor, checkoutDetails(delivery), atShop());
  return placed.id;
}

async function adminActor(db: Db): Promise<Actor> {
  return actorFor(await makeCustomer(db), "admin");
}

describeEachDatabase("e-way bills", (database) => {
  it("are needed by inter-state orders worth more than ₹50,000, tax included, and by no others", async () => {
    const { db } = database();
    const admin = await adminActor(db);
    expect(EWAY_BILL_THRESHOLD_PAISE).toBe(5_000_000);
    const inKolkata = { stateCode: "19", createdAt: Date.now() };
    expect(needsEwayBill({ supplyType: "inter", total: 5_000_000, ...inKolkata })).toBe(false);
    expect(needsEwayBill({ supplyType: "inter", total: 5_000_001, ...inKolkata })).toBe(true);
    expect(needsEwayBill({ supplyType: null, total: 9_000_000, ...inKolkata })).toBe(false);

    const atThreshold = await orderWorth(db, 5_000_000);
    const justAbove = await orderWorth(db, 5_000_001);
    const inMaharashtra = await orderWorth(db, 9_000_000, {});
    const needed = async (orderId: number) => (await orderForAdmin(db, admin, orderId)).ewayBill.needed;
    expect(await needed(atThreshold)).toBe(false);
    expect(await needed(justAbove)).toBe(true);
    expect(await needed(inMaharashtra)).toBe(false);

    // The orders table marks the one that needs a bill.
    const rows = (await adminOrders(db, admin, { tab: "orders", q: undefined, page: 1 })).rows;
    const marks = new Map(rows.map((row) => [row.id, row.ewayBill.needed]));
    expect([marks.get(atThreshold), marks.get(justAbove), marks.get(inMaharashtra)]).toEqual([false, true, false]);

    // Orders that need none ship as before.
    for (const orderId of [atThreshold, inMaharashtra]) {
      await changeStatus(db, admin, { orderId, from: "placed", to: "shipped" });
      expect((await orderForAdmin(db, admin, orderId)).status).toBe("shipped");
    }
  });

  it("are needed within a state above the limit that state notified: ₹1 lakh in Maharashtra, ₹50,000 elsewhere", async () => {
    const { db } = database();
    const admin = await adminActor(db);
    // Mumbai to Mumbai: Maharashtra asks for a bill within the state above ₹1,00,000 (rule 138(14)(d)).
    const mumbaiLarge = await orderWorth(db, 1_20_100_00, {});
    const mumbaiAtLimit = await orderWorth(db, 1_00_000_00, {});
    const needed = async (orderId: number) => (await orderForAdmin(db, admin, orderId)).ewayBill.needed;
    expect(await needed(mumbaiLarge)).toBe(true);
    expect(await needed(mumbaiAtLimit)).toBe(false);
    expect(
      await failure(changeStatus(db, admin, { orderId: mumbaiLarge, from: "placed", to: "shipped" })),
    ).toMatchObject({ code: "eway-bill-required" });
    await recordEwayBill(db, admin, { orderId: mumbaiLarge, ewayBillNumber: "271234567890" });
    await changeStatus(db, admin, { orderId: mumbaiLarge, from: "placed", to: "shipped" });

    // Every other state's limit is read from the dated table; one not in it keeps Rule 138's ₹50,000.
    const on = (day: string) => Date.parse(`${day}T12:00:00+05:30`);
    const within = (stateCode: string, total: number, day = "2026-11-23") =>
      needsEwayBill({ supplyType: "intra", total, stateCode, createdAt: on(day) });
    expect([within("27", 1_00_000_00), within("27", 1_00_000_01)]).toEqual([false, true]);
    expect([within("29", 50_000_00), within("29", 50_000_01)]).toEqual([false, true]);
    expect([within("10", 1_50_000_00, "2018-12-01"), within("10", 1_50_000_00, "2019-02-01")]).toEqual([false, true]);
    // The round off is not part of the consignment value (Rule 138, Explanation 2): goods of
    // ₹1,00,000.40 paid as ₹1,00,000 need a bill; goods of ₹99,999.60 paid as ₹1,00,000 do not.
    const mumbai = { supplyType: "intra" as const, stateCode: "27", createdAt: on("2026-11-23") };
    expect(needsEwayBill({ ...mumbai, total: 1_00_000_00, roundOff: -40 })).toBe(true);
    expect(needsEwayBill({ ...mumbai, total: 1_00_000_00, roundOff: 40 })).toBe(false);
    for (const row of INTRA_STATE_LIMITS) expect(row.source, row.stateCode).toMatch(/Notification|notification/);
  });

  it("hold the order back from shipping until its number is entered, then let it go", async () => {
    const { db } = database();
    const admin = await adminActor(db);
    const orderId = await orderWorth(db, 7_500_000);
    const refused = await failure(changeStatus(db, admin, { orderId, from: "placed", to: "shipped" }));
    expect(refused).toEqual({
      code: "eway-bill-required",
      message: "Enter the e-way bill number before shipping this order.",
    });
    const held = await orderForAdmin(db, admin, orderId);
    expect(held.status).toBe("placed");
    expect(held.history.map((entry) => entry.to)).toEqual(["placed"]);
    expect(held.ewayBill).toEqual({ needed: true, number: null, enteredAt: null });

    const now = Date.now();
    expect(await recordEwayBill(db, admin, { orderId, ewayBillNumber: " 1812 3456 7890 " }, now)).toBe("181234567890");
    expect((await orderForAdmin(db, admin, orderId)).ewayBill).toEqual({
      needed: true,
      number: "181234567890",
      enteredAt: now,
    });
    await changeStatus(db, admin, { orderId, from: "placed", to: "shipped" });
    expect((await orderForAdmin(db, admin, orderId)).status).toBe("shipped");
    // Cancelling needs no bill.
    const other = await orderWorth(db, 7_500_000);
    await changeStatus(db, admin, { orderId: other, from: "placed", to: "cancelled" });
    expect((await orderForAdmin(db, admin, other)).status).toBe("cancelled");
  });

  it("take only a 12-digit number, for an order that needs one and has not arrived or been cancelled", async () => {
    const { db } = database();
    const admin = await adminActor(db);
    const orderId = await orderWorth(db, 6_000_000);
    for (const ewayBillNumber of ["12345678901", "1234567890123", "12345678901a", "1234-5678-9012", "١٢٣٤٥٦٧٨٩٠١٢"]) {
      const refused = await failure(recordEwayBill(db, admin, { orderId, ewayBillNumber }));
      expect(refused, ewayBillNumber).toEqual({
        code: "validation-failed",
        message: "The e-way bill number has 12 digits.",
      });
    }
    expect((await failure(recordEwayBill(db, admin, { orderId, ewayBillNumber: "  " }))).code).toBe(
      "validation-failed",
    );
    expect((await orderForAdmin(db, admin, orderId)).ewayBill.number).toBeNull();

    const small = await orderWorth(db, 5_000_000);
    expect((await failure(recordEwayBill(db, admin, { orderId: small, ewayBillNumber: "181234567890" }))).code).toBe(
      "validation-failed",
    );
    await changeStatus(db, admin, { orderId, from: "placed", to: "cancelled" });
    expect((await failure(recordEwayBill(db, admin, { orderId, ewayBillNumber: "181234567890" }))).code).toBe(
      "invalid-transition",
    );
    expect(
      (await failure(recordEwayBill(db, admin, { orderId: 99_999_999, ewayBillNumber: "181234567890" }))).code,
    ).toBe("not-found");
  });

  it("export Part A with the invoice's figures: taxable value, taxes, total, HSN and state codes", async () => {
    const { db } = database();
    const admin = await adminActor(db);
    const orderId = await orderWorth(db, 6_250_000);
    const order = await orderForAdmin(db, admin, orderId);
    const invoice = await invoiceDocument(db, order, "invoice", DEMO_SIGNATORY);
    const { filename, partA } = await adminEwayBill(db, DEMO_SIGNATORY, admin, orderId);
    expect(filename).toBe(`EWB-${invoice.number.replaceAll("/", "-")}.json`);
    const [bill] = partA.billLists;
    const paise = (rupees: number) => Math.round(rupees * 100);
    expect(bill).toMatchObject({
      supplyType: "O",
      subSupplyType: 1,
      docType: "INV",
      docNo: invoice.number,
      fromGstin: DEMO_SELLER.gstin,
      fromTrdName: DEMO_SELLER.legalName,
      fromPlace: "Mumbai",
      fromPincode: 400050,
      fromStateCode: 27,
      actualFromStateCode: 27,
      toGstin: "URP",
      toTrdName: "Asha Verma",
      toAddr1: "12 Park Street",
      toPlace: "Kolkata",
      toPincode: 700016,
      toStateCode: 19,
      actualToStateCode: 19,
      cgstValue: 0,
      sgstValue: 0,
      cessValue: 0,
      transMode: "",
      transDistance: 0,
      mainHsnCode: 6204,
    });
    expect(bill.docDate).toMatch(/^\d\d\/\d\d\/20\d\d$/);
    expect(paise(bill.totalValue)).toBe(invoice.totals.taxable);
    expect(paise(bill.igstValue)).toBe(invoice.totals.igst);
    expect(paise(bill.totInvValue)).toBe(order.total);
    expect(invoice.totals.igst).toBeGreaterThan(0);
    expect(bill.itemList.map((item) => [item.hsnCode, item.quantity, item.qtyUnit, paise(item.taxableAmount)])).toEqual(
      invoice.lines.map((line) => [
        Number(line.hsn),
        line.quantity,
        line.kind === "goods" ? "PCS" : "OTH",
        line.taxable,
      ]),
    );
    expect(bill.itemList.map((item) => [item.igstRate, item.cgstRate, item.sgstRate])).toEqual([
      [18, 0, 0],
      [18, 0, 0],
    ]);
    // Amounts are rupees to the paisa, as the portal reads them.
    expect(JSON.stringify(partA)).toMatch(/"totInvValue":62500\b/);
  });

  it("export Part A and take the number from the administrator alone", async () => {
    const { db } = database();
    const admin = await adminActor(db);
    const customer = actorFor(await makeCustomer(db));
    const visitor = makeVisitor();
    const orderId = await orderWorth(db, 6_000_000);
    for (const [actor, code] of [
      [customer, "forbidden"],
      [visitor, "unauthenticated"],
    ] as const) {
      expect((await failure(adminEwayBill(db, DEMO_SIGNATORY, actor, orderId))).code).toBe(code);
      expect((await failure(recordEwayBill(db, actor, { orderId, ewayBillNumber: "181234567890" }))).code).toBe(code);
    }
    expect((await orderForAdmin(db, admin, orderId)).ewayBill.number).toBeNull();
    // An order that needs no bill has no Part A to export.
    const small = await orderWorth(db, 4_000_000);
    expect((await failure(adminEwayBill(db, DEMO_SIGNATORY, admin, small))).code).toBe("not-found");
  });
});
