import { expect, it } from "vitest";
import { NO_MEASUREMENTS, recommendSize } from "#core/size-charts.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import {
  myMeasurements,
  saveMeasurements,
  saveSizeChart,
  sizeChartsAdmin,
  sizeGuideFor,
} from "./size-guides.service.ts";

describeEachDatabase("size guides and find my size", (database) => {
  const chart = {
    kind: "clothing",
    rows: [
      { size: "S", values: { chest: 860, waist: 710 } },
      { size: "M", values: { chest: 910, waist: 760 } },
      { size: "L", values: { chest: 970, waist: 820 } },
      { size: "XL", values: { chest: 1030, waist: 880 } },
    ],
  };

  it("shows the product's own chart, else its collection's, which the admin edits", async () => {
    const { db } = database();
    const seller = actorFor(await makeCustomer(db), "admin");
    const kurta = await makeProduct(db, { flags: ["isEthnic"] });
    const flags = { isEthnic: true } as never;
    expect(
      await failure(saveSizeChart(db, actorFor(await makeCustomer(db)), { collection: "ethnic" }, chart)),
    ).toMatchObject({
      code: "forbidden",
    });
    expect(
      await failure(
        saveSizeChart(db, seller, { collection: "ethnic" }, { kind: "clothing", rows: [{ size: "XXL", values: {} }] }),
      ),
    ).toMatchObject({ code: "validation-failed", message: "A size chart lists the shop's sizes only." });
    expect(await saveSizeChart(db, seller, { collection: "ethnic" }, chart)).toBe("The Ethnic size chart is saved.");
    expect(await sizeGuideFor(db, { id: kurta, flags })).toMatchObject({
      source: "The Ethnic size chart",
      isExample: false,
      rows: chart.rows,
    });
    expect((await sizeChartsAdmin(db, seller, kurta)).product).toMatchObject({ productId: kurta, chart: null });
    await saveSizeChart(db, seller, { productId: kurta }, { ...chart, rows: chart.rows.slice(0, 2) });
    expect(await sizeGuideFor(db, { id: kurta, flags })).toMatchObject({ source: "This piece's own size chart" });
    expect((await sizeChartsAdmin(db, seller, kurta)).product?.chart?.rows).toHaveLength(2);
    expect(await failure(sizeChartsAdmin(db, seller, 987_654))).toMatchObject({ code: "not-found" });
  });

  it("keeps a customer's measurements, and recommends a size moved by the fit feedback, saying why", async () => {
    const { db } = database();
    const customer = actorFor(await makeCustomer(db));
    expect(await myMeasurements(db, makeVisitor())).toBeNull();
    expect(await failure(saveMeasurements(db, customer, { chestMm: 90 }))).toMatchObject({ code: "validation-failed" });
    await saveMeasurements(db, customer, { chestMm: "900", heightMm: 1650 });
    const measured = await myMeasurements(db, customer);
    expect(measured).toEqual({ ...NO_MEASUREMENTS, chestMm: 900, heightMm: 1650 });

    const sized = { kind: "clothing" as const, columns: [], rows: chart.rows };
    const sizes = ["S", "M", "L", "XL"];
    expect(recommendSize(sized, sizes, [], measured ?? NO_MEASUREMENTS)).toEqual({
      size: "M",
      reason: "From your chest, the chart gives M.",
    });
    const runsSmall = [{ size: "M", small: 25, true: 13, large: 2 }];
    expect(recommendSize(sized, sizes, runsSmall, measured ?? NO_MEASUREMENTS)).toEqual({
      size: "L",
      reason: "From your chest, the chart gives M, but most buyers (63 % of 40) found M runs small; we suggest L.",
    });
    expect(recommendSize(sized, sizes, [], NO_MEASUREMENTS).size).toBeNull();
  });
});
