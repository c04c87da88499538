import { isPincode } from "#core/delivery-address.ts";
import { stateByCode } from "#core/indian-states.ts";
import { AppError } from "../errors.ts";
import { findPincode } from "./pincode-directory.ts";

/** What an address form fills in from a pincode: the town (its district) and the state. */
export type PincodeAnswer = { pincode: string; city: string; stateCode: string; stateName: string };

/**
 * The district and state of a pincode, for a form to fill in City and State/UT. A pincode that is
 * not six digits is refused; one India Post's directory does not list is not found (the shopper
 * types the city and state).
 */
export function lookUpPincode(pincode: string): PincodeAnswer {
  if (!isPincode(pincode)) {
    throw new AppError("validation-failed", "A pincode has six digits and does not start with 0.");
  }
  const place = findPincode(pincode);
  const state = place && stateByCode(place.stateCode);
  if (!place || !state) throw new AppError("not-found", `Pincode ${pincode} is not in our directory.`);
  return { pincode, city: place.district, stateCode: state.code, stateName: state.name };
}
