import { describe, expect, it } from "vitest";
import {
  carrierMove,
  isFinalShipmentStatus,
  SHIPMENT_RANKS,
  SHIPMENT_STATUSES,
  SHIPMENT_TRANSITIONS,
  type ShipmentPosition,
  type ShipmentStatus,
} from "./shipment-machine.ts";
import { readShiprocketStatus } from "./shiprocket-statuses.ts";

const HOUR = 60 * 60 * 1000;
const T0 = Date.parse("2026-11-27T10:00:00+05:30");

/** Plays news in the order it arrives, as the shop applies it: the state it ends in. */
function play(news: readonly { status: ShipmentStatus | null; at: number }[], from: ShipmentPosition) {
  let position = from;
  for (const item of news) {
    const move = carrierMove(position, item);
    if (move.move) position = { status: move.to, statusAt: item.at };
    else if (move.why === "same" && item.at > position.statusAt) position = { ...position, statusAt: item.at };
  }
  return position;
}

const booked: ShipmentPosition = { status: "booked", statusAt: T0 };
const at = (hours: number) => T0 + hours * HOUR;

describe("the shipment machine", () => {
  it("never lets news move a parcel to a lower rank; the only equal-rank moves are the delivery attempts", () => {
    for (const from of SHIPMENT_STATUSES) {
      for (const to of SHIPMENT_TRANSITIONS[from]) {
        const upwards = SHIPMENT_RANKS[to] > SHIPMENT_RANKS[from];
        const attemptLoop = [from, to].every((status) => ["out-for-delivery", "delivery-failed"].includes(status));
        expect(upwards || attemptLoop, `${from} → ${to}`).toBe(true);
      }
    }
  });

  it("ends a parcel's life at delivered, back at the seller, lost or cancelled, and nowhere else", () => {
    expect(SHIPMENT_STATUSES.filter(isFinalShipmentStatus).sort()).toEqual([
      "cancelled",
      "delivered",
      "lost",
      "rto-delivered",
    ]);
  });

  it("follows the happy path, and jumps over states the courier never reported", () => {
    const news = [
      { status: "picked-up", at: at(1) },
      { status: "out-for-delivery", at: at(30) },
      { status: "delivered", at: at(33) },
    ] as const;
    expect(play(news, booked)).toEqual({ status: "delivered", statusAt: at(33) });
  });

  it("ends where the latest news says, whatever order the news came in", () => {
    const life = [
      { status: "picked-up", at: at(1) },
      { status: "in-transit", at: at(5) },
      { status: "out-for-delivery", at: at(30) },
      { status: "delivery-failed", at: at(33) },
      { status: "out-for-delivery", at: at(54) },
      { status: "delivered", at: at(57) },
    ] as const;
    const orders = [
      [...life],
      [...life].reverse(),
      [life[1], life[0], life[3], life[2], life[5], life[4]],
      [life[4], life[3], life[2], life[1], life[0], life[5]],
    ];
    for (const arrival of orders) expect(play(arrival, booked)).toEqual({ status: "delivered", statusAt: at(57) });
  });

  it("keeps a failed attempt when the older 'out for delivery' before it comes late, and takes the next attempt", () => {
    const failed = play([{ status: "delivery-failed", at: at(33) }], booked);
    expect(carrierMove(failed, { status: "out-for-delivery", at: at(30) })).toEqual({ move: false, why: "older" });
    expect(carrierMove(failed, { status: "out-for-delivery", at: at(54) })).toEqual({
      move: true,
      to: "out-for-delivery",
    });
  });

  it("moves nothing on a repeat, on news from before, or after the end", () => {
    const inTransit: ShipmentPosition = { status: "in-transit", statusAt: at(5) };
    expect(carrierMove(inTransit, { status: "in-transit", at: at(5) })).toEqual({ move: false, why: "same" });
    expect(carrierMove(inTransit, { status: "picked-up", at: at(9) })).toEqual({ move: false, why: "backwards" });
    expect(carrierMove(inTransit, { status: null, at: at(9) })).toEqual({ move: false, why: "no-status" });
    const delivered: ShipmentPosition = { status: "delivered", statusAt: at(57) };
    expect(carrierMove(delivered, { status: "rto", at: at(60) })).toEqual({ move: false, why: "final" });
  });

  it("takes a return to origin after failed attempts, and refuses a cancellation once the parcel is picked up", () => {
    const rto = play(
      [
        { status: "delivery-failed", at: at(33) },
        { status: "rto", at: at(80) },
        { status: "out-for-delivery", at: at(82) },
        { status: "rto-delivered", at: at(120) },
      ],
      booked,
    );
    expect(rto).toEqual({ status: "rto-delivered", statusAt: at(120) });
    // The return's start, sent after its end, moves nothing back.
    const late = play(
      [
        { status: "delivery-failed", at: at(33) },
        { status: "rto-delivered", at: at(120) },
        { status: "rto", at: at(80) },
      ],
      booked,
    );
    expect(late).toEqual({ status: "rto-delivered", statusAt: at(120) });
    expect(carrierMove({ status: "picked-up", statusAt: at(1) }, { status: "cancelled", at: at(2) })).toEqual({
      move: false,
      why: "not-allowed",
    });
  });
});

describe("Shiprocket's statuses, read by their label", () => {
  it("reads the statuses of Shiprocket's examples by label, whatever id comes with them", () => {
    expect(readShiprocketStatus("PICKED UP", 42)).toEqual({ status: "picked-up", known: true });
    expect(readShiprocketStatus("REACHED AT DESTINATION HUB", 38)).toEqual({ status: "in-transit", known: true });
    // The webhook example's own disagreement: IN TRANSIT with current_status_id 20.
    expect(readShiprocketStatus("IN TRANSIT", 20)).toEqual({ status: "in-transit", known: true });
    // Its NDR list's: UNDELIVERED with status_code 36.
    expect(readShiprocketStatus("UNDELIVERED", 36)).toEqual({ status: "delivery-failed", known: true });
    expect(readShiprocketStatus("Out_for-Delivery ", 17)).toEqual({ status: "out-for-delivery", known: true });
    expect(readShiprocketStatus("RTO-OFD", null)).toEqual({ status: "rto", known: true });
    expect(readShiprocketStatus("Delivered", 7)).toEqual({ status: "delivered", known: true });
  });

  it("knows news that moves nothing, and keeps a label it does not know as unknown rather than failing", () => {
    expect(readShiprocketStatus("OUT FOR PICKUP", 19)).toEqual({ status: null, known: true });
    expect(readShiprocketStatus("SHIPMENT HELD AT CUSTOMS", 77)).toEqual({ status: null, known: false });
    // An unknown label is never read by its id, even an id the examples know.
    expect(readShiprocketStatus("PARTIAL_DELIVERED", 7)).toEqual({ status: null, known: false });
  });

  it("reads an id only when the label is missing, and only the ids up to 21 that the examples agree on", () => {
    expect(readShiprocketStatus("", 7)).toEqual({ status: "delivered", known: true });
    expect(readShiprocketStatus(null, 21)).toEqual({ status: "delivery-failed", known: true });
    expect(readShiprocketStatus(null, 42)).toEqual({ status: null, known: false });
    expect(readShiprocketStatus(undefined, undefined)).toEqual({ status: null, known: false });
  });
});
