import { describe, expect, it } from "vitest";
import { INDIAN_STATES, pincodeFitsState } from "#core/indian-states.ts";
import { guestCheckoutSchema } from "../orders/orders.schemas.ts";
import { failure } from "../testing/app-error.ts";
import { findPincode, listedPincodes } from "./pincode-directory.ts";
import { lookUpPincode } from "./pincodes.service.ts";

describe("the pincode directory", () => {
  it("lists India's pincodes, each in a state whose postal ranges hold it", () => {
    const places = listedPincodes();
    expect(places.length).toBeGreaterThan(19_000);
    const misfits = places.filter((place) => !pincodeFitsState(place.pincode, place.stateCode));
    expect(misfits).toEqual([]);
    // Every state and union territory has pincodes of its own.
    const states = new Set(places.map((place) => place.stateCode));
    expect(INDIAN_STATES.filter((state) => !states.has(state.code))).toEqual([]);
  });

  it("files Leh and Kargil under Ladakh, not Jammu and Kashmir", () => {
    expect(findPincode("194101")).toMatchObject({ district: "Leh", stateCode: "38" });
    expect(findPincode("194103")).toMatchObject({ district: "Kargil", stateCode: "38" });
    expect(findPincode("190001")).toMatchObject({ district: "Srinagar", stateCode: "01" });
  });

  it("answers a form with the district and state of a pincode", () => {
    expect(lookUpPincode("400050")).toEqual({
      pincode: "400050",
      city: "Mumbai",
      stateCode: "27",
      stateName: "Maharashtra",
    });
  });

  it("refuses what is not a pincode, and says when the directory does not list one", async () => {
    expect(await failure(Promise.resolve().then(() => lookUpPincode("999999")))).toMatchObject({ code: "not-found" });
    expect(await failure(Promise.resolve().then(() => lookUpPincode("040050")))).toMatchObject({
      code: "validation-failed",
    });
  });
});

describe("a checkout's pincode and state", () => {
  const checkout = {
    name: "Asha Verma",
    email: "asha@mail.in",
    address: "7 Palm Court",
    city: "Panaji",
    phone: "9820012345",
    idempotencyKey: "k".repeat(20),
  };
  const pincodeError = (pincode: string, stateCode: string) =>
    guestCheckoutSchema
      .safeParse({ ...checkout, pincode, stateCode })
      .error?.issues.find((issue) => issue.path.includes("pincode"))?.message;

  it("refuses a state that disagrees with a listed pincode, even inside the state's postal ranges", () => {
    expect(pincodeError("403001", "30")).toBeUndefined();
    expect(pincodeError("403001", "27")).toBe("Pincode 403001 is in Goa, not Maharashtra.");
    expect(pincodeError("560034", "27")).toBe("Pincode 560034 is in Karnataka, not Maharashtra.");
  });

  it("takes a pincode the directory does not list yet when it lies in the state's postal ranges", () => {
    const unlisted = ["400000", "400099", "400999"].find((pincode) => !findPincode(pincode));
    expect(unlisted).toBeDefined();
    expect(pincodeError(unlisted ?? "", "27")).toBeUndefined();
    expect(pincodeError(unlisted ?? "", "19")).toBe(`Pincode ${unlisted} is not in West Bengal.`);
  });
});
