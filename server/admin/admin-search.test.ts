import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { archiveProduct } from "../catalog/catalog-admin.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, uniqueWord } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { dashboardQuerySchema } from "./admin.schemas.ts";
import { adminOrders, adminProducts } from "./admin.service.ts";

const query = (values: Record<string, string>) => dashboardQuerySchema.parse(values);

describeEachDatabase("the admin's product and order searches", (database) => {
  it("finds products by the words of their titles as the shop spells them", async () => {
    const { db } = database();
    const word = uniqueWord();
    const kurti = await makeProduct(db, { title: `QA ${word} Chikankari Kurti`, type: "Top", category: "Ethnic" });
    const suit = await makeProduct(db, { title: `Zainab ${word} Lawn Suit`, type: "3-Piece Suit" });
    const indigo = await makeProduct(db, { title: `Neelam ${word} Indigo Anarkali`, type: "Anarkali Gown" });
    const gone = await makeProduct(db, { title: `Old ${word} Kurti`, type: "Kurta" });
    await archiveProduct(db, SYSTEM, gone);
    const titles = async (q: string) =>
      (await adminProducts(db, SYSTEM, query({ tab: "products", q }))).rows.map((row) => row.id).sort((a, b) => a - b);

    for (const q of ["kurti", "Kurtis", "kurta", "कुर्ती", "chikan", "KURTI chikankari", "kurtii"]) {
      expect(await titles(`${word} ${q}`), q).toEqual([kurti]);
    }
    expect(await titles(`${word} salwar`)).toEqual([suit]);
    expect(await titles(`${word} blue`)).toEqual([indigo]);
    // A colour's shade is a whole word: "red" is not the end of "embroidered".
    const embroidered = await makeProduct(db, { title: `${word} Embroidered Tan Stole`, type: "Stole" });
    expect(await titles(`${word} red`)).toEqual([]);
    expect(await titles(`${word} brown`)).toEqual([embroidered]);
    // Each word must be found; the whole search as one run of text need not be.
    expect(await titles(`chikankari ${word} kurti`)).toEqual([kurti]);
  });

  it("finds orders by city and pincode, with every word typed, within a status tab", async () => {
    const { db } = database();
    const product = await makeProduct(db, { sizes: { M: 9 } });
    const place = async (details: Record<string, unknown>) => {
      const buyer = makeVisitor();
      await addToCart(db, buyer, { productId: product, size: "M" });
      return placeOrder(db, buyer, checkoutDetails(details), atShop());
    };
    const chennai = await place({ city: "Chennai", stateCode: "33", pincode: "600040", name: "Meena Raman" });
    const alsoChennai = await place({ city: "Chennai", stateCode: "33", pincode: "600017", name: "Kavya Iyer" });
    const mumbai = await place({ city: "Mumbai", stateCode: "27", pincode: "400050", name: "Asha Verma" });
    await changeStatus(db, SYSTEM, { orderId: alsoChennai.id, from: "placed", to: "shipped" });
    const numbers = async (values: Record<string, string>) =>
      (await adminOrders(db, SYSTEM, query({ tab: "orders", ...values }))).rows.map((row) => row.orderNumber).sort();

    expect(await numbers({ q: "Chennai" })).toEqual([chennai.orderNumber, alsoChennai.orderNumber].sort());
    expect(await numbers({ q: "chennai", status: "shipped" })).toEqual([alsoChennai.orderNumber]);
    expect(await numbers({ q: "600040" })).toEqual([chennai.orderNumber]);
    expect(await numbers({ q: "400050" })).toEqual([mumbai.orderNumber]);
    expect(await numbers({ q: "meena chennai" })).toEqual([chennai.orderNumber]);
    expect(await numbers({ q: "  CHENNAI   600017 " })).toEqual([alsoChennai.orderNumber]);
    expect(await numbers({ q: "asha chennai" })).toEqual([]);
    // An order number, whole or its start, as people type it.
    expect(await numbers({ q: `ks ${chennai.orderNumber.slice(3)}` })).toEqual([chennai.orderNumber]);
    expect(await numbers({ q: `KS${chennai.orderNumber.slice(3, -1)}` })).toContain(chennai.orderNumber);
  });
});
