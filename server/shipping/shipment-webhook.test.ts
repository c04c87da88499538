import { describe, expect, it } from "vitest";
import { failure } from "../testing/app-error.ts";
import {
  readIndiaTimestamp,
  readShipmentWebhook,
  shiprocketWebhookUrlProblem,
  webhookTokenMatches,
} from "./shipment-webhook.ts";

/** The example body Shiprocket publishes for its tracking webhook (scans cut to two). */
const SHIPROCKET_EXAMPLE = {
  awb: "19041424751540",
  courier_name: "Delhivery Surface",
  current_status: "IN TRANSIT",
  current_status_id: 20,
  shipment_status: "IN TRANSIT",
  shipment_status_id: 18,
  current_timestamp: "23 05 2023 11:43:52",
  order_id: "1373900_150876814",
  sr_order_id: 348456385,
  awb_assigned_date: "2023-05-19 11:59:16",
  pickup_scheduled_date: "2023-05-19 11:59:17",
  etd: "2023-05-23 15:40:19",
  scans: [
    {
      date: "2023-05-19 11:59:16",
      status: "X-UCI",
      activity: "Manifested - Manifest uploaded",
      location: "Chomu_SamodRd_D (Rajasthan)",
      "sr-status": "5",
      "sr-status-label": "MANIFEST GENERATED",
    },
    {
      date: "2023-05-19 15:32:17",
      status: "X-PPOM",
      activity: "In Transit - Shipment picked up",
      location: "Chomu_SamodRd_D (Rajasthan)",
      "sr-status": "42",
      "sr-status-label": "PICKED UP",
    },
  ],
  is_return: 0,
  channel_id: 3422553,
  pod_status: "OTP Based Delivery",
  pod: "Not Available",
};

describe("the shipment webhook's token", () => {
  it("matches only the shop's own token", () => {
    expect(webhookTokenMatches("kesar-hook-7f3a", "kesar-hook-7f3a")).toBe(true);
    expect(webhookTokenMatches("kesar-hook-7f3a", "kesar-hook-7f3b")).toBe(false);
    expect(webhookTokenMatches("kesar-hook-7f3a", "kesar-hook-7f3a ")).toBe(false);
    expect(webhookTokenMatches("kesar-hook-7f3a", "kesar")).toBe(false);
  });

  it("refuses a missing token, a header sent twice, and any token while the shop has none set", () => {
    expect(webhookTokenMatches("kesar-hook-7f3a", undefined)).toBe(false);
    expect(webhookTokenMatches("kesar-hook-7f3a", "")).toBe(false);
    expect(webhookTokenMatches("kesar-hook-7f3a", ["kesar-hook-7f3a", "kesar-hook-7f3a"])).toBe(false);
    expect(webhookTokenMatches("", "")).toBe(false);
  });
});

describe("reading a shipment webhook", () => {
  it("reads Shiprocket's own example: the AWB, the status by its label with its raw id, India time, the scans", () => {
    const webhook = readShipmentWebhook(JSON.stringify(SHIPROCKET_EXAMPLE));
    expect(webhook.event).toEqual({
      awb: "19041424751540",
      rawStatus: "IN TRANSIT",
      rawStatusId: 20,
      status: "in-transit",
      known: true,
      // 11:43:52 in India is 06:13:52 UTC.
      at: Date.parse("2023-05-23T06:13:52Z"),
      location: "Chomu_SamodRd_D (Rajasthan)",
      activity: "In Transit - Shipment picked up",
    });
    expect(webhook.orderReference).toBe("1373900_150876814");
    expect(webhook.expectedDeliveryAt).toBe(Date.parse("2023-05-23T10:10:19Z"));
    expect(webhook.scans.map((scan) => [scan.rawStatus, scan.rawStatusId, scan.status, scan.at])).toEqual([
      ["MANIFEST GENERATED", 5, null, Date.parse("2023-05-19T06:29:16Z")],
      ["PICKED UP", 42, "picked-up", Date.parse("2023-05-19T10:02:17Z")],
    ]);
  });

  it("takes a status it does not know, marked unknown", () => {
    const webhook = readShipmentWebhook(
      JSON.stringify({ ...SHIPROCKET_EXAMPLE, current_status: "HELD AT CUSTOMS", current_status_id: 88 }),
    );
    expect(webhook.event).toMatchObject({ rawStatus: "HELD AT CUSTOMS", rawStatusId: 88, status: null, known: false });
  });

  it("leaves out scans it cannot read, and reads an AWB sent as a number", () => {
    const webhook = readShipmentWebhook(
      JSON.stringify({
        ...SHIPROCKET_EXAMPLE,
        awb: 19041424751540,
        scans: [
          { date: "yesterday", "sr-status-label": "PICKED UP" },
          "noise",
          { date: "2023-05-19 11:59:16", "sr-status-label": "NA" },
        ],
      }),
    );
    expect(webhook.event.awb).toBe("19041424751540");
    expect(webhook.scans).toEqual([]);
  });

  it("refuses a body that is not JSON", async () => {
    expect(await failure(Promise.resolve().then(() => readShipmentWebhook("awb=1904")))).toEqual({
      code: "validation-failed",
      message: "The shipment update is not JSON.",
    });
  });

  it("refuses a body without what the shop relies on, naming each field", async () => {
    const { awb: _awb, current_status: _status, ...rest } = SHIPROCKET_EXAMPLE;
    const refused = await failure(Promise.resolve().then(() => readShipmentWebhook(JSON.stringify(rest))));
    expect(refused.code).toBe("validation-failed");
    expect(refused.message).toMatch(/^The shipment update is not valid: awb: .*; current_status: /);
  });

  it("refuses a time that is not Shiprocket's 'DD MM YYYY HH:mm:ss', saying what it got", async () => {
    for (const current_timestamp of ["2023-05-23T11:43:52Z", "31 02 2023 10:00:00", "23 05 2023 25:00:00"]) {
      const body = JSON.stringify({ ...SHIPROCKET_EXAMPLE, current_timestamp });
      const refused = await failure(Promise.resolve().then(() => readShipmentWebhook(body)));
      expect(refused.message).toBe(
        `The shipment update is not valid: current_timestamp: must be "DD MM YYYY HH:mm:ss" in India time, not "${current_timestamp}"`,
      );
    }
  });

  it("refuses an AWB that is not one", async () => {
    const body = JSON.stringify({ ...SHIPROCKET_EXAMPLE, awb: "<script>" });
    const refused = await failure(Promise.resolve().then(() => readShipmentWebhook(body)));
    expect(refused.message).toContain("awb: must be the parcel's AWB");
  });

  it("refuses a body too large to be a status update", async () => {
    const body = JSON.stringify({ ...SHIPROCKET_EXAMPLE, padding: "x".repeat(300 * 1024) });
    expect(await failure(Promise.resolve().then(() => readShipmentWebhook(body)))).toEqual({
      code: "payload-too-large",
      message: "The shipment update is too large.",
    });
  });

  it("reads India's wall clock, which keeps no summer time", () => {
    expect(readIndiaTimestamp("01 01 2026 00:00:00")).toBe(Date.parse("2025-12-31T18:30:00Z"));
    expect(readIndiaTimestamp("15 07 2026 12:00:00")).toBe(Date.parse("2026-07-15T06:30:00Z"));
  });
});

describe("the webhook address Shiprocket accepts", () => {
  it("refuses an address with 'shiprocket', 'sr' or 'kr' in it, and takes the shop's", () => {
    expect(shiprocketWebhookUrlProblem("https://kesar.in/webhooks/shipments")).toBeNull();
    expect(shiprocketWebhookUrlProblem("https://kesar.in/webhooks/shiprocket")).toContain('"shiprocket"');
    expect(shiprocketWebhookUrlProblem("https://kesar.in/hooks/sr-status")).toContain('"sr"');
    expect(shiprocketWebhookUrlProblem("https://shop.kr.example/hooks")).toContain('"kr"');
  });
});
