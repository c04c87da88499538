import type { UserRow } from "../db/schema.ts";
import { randomId } from "../ids.ts";

type Identity = Pick<UserRow, "name" | "email" | "emailKey" | "passwordHash">;

/**
 * A new customer's row: no address, photo, points or credit yet, signed in as it is made. Sign-up
 * by e-mail and by mobile number give who the customer is; the rest starts empty for both.
 */
export function newCustomerRow(identity: Identity, now: number, extra: Partial<UserRow> = {}): UserRow {
  return {
    id: randomId(),
    ...identity,
    role: "customer",
    phone: null,
    address: null,
    city: null,
    stateCode: null,
    pincode: null,
    deliveryPincode: null,
    photo: null,
    photoUpdatedAt: null,
    disabled: 0,
    createdAt: now,
    lastLoginAt: now,
    pointsBalance: 0,
    pointsOwed: 0,
    storeCreditBalance: 0,
    emailVerifiedAt: null,
    mobile: null,
    mobileVerifiedAt: null,
    locale: null,
    ...extra,
  };
}
