import { isPincode } from "./delivery-address.ts";

/*
 * India's 28 states and 8 union territories with their GST state codes (the first two digits of a
 * GSTIN, and the code printed for the place of supply), and the first three digits of the pincodes
 * India Post gives each of them. Postal circles do not follow state borders exactly (Mohali shares
 * 160 with Chandigarh, Goa sits inside Maharashtra's 40–44, Puducherry's enclaves inside three
 * states), so a prefix may belong to several territories; the check refuses only a pincode that
 * cannot be in the chosen one.
 */

export type IndianState = { code: string; name: string; kind: "state" | "union territory" };

type Entry = IndianState & { pincodes: readonly (string | readonly [string, string])[] };

const ENTRIES: readonly Entry[] = [
  { code: "35", name: "Andaman and Nicobar Islands", kind: "union territory", pincodes: ["744"] },
  {
    code: "37",
    name: "Andhra Pradesh",
    kind: "state",
    pincodes: [
      ["507", "509"],
      ["515", "535"],
    ],
  },
  { code: "12", name: "Arunachal Pradesh", kind: "state", pincodes: [["790", "792"]] },
  { code: "18", name: "Assam", kind: "state", pincodes: [["781", "788"]] },
  { code: "10", name: "Bihar", kind: "state", pincodes: [["800", "855"]] },
  { code: "04", name: "Chandigarh", kind: "union territory", pincodes: ["160"] },
  { code: "22", name: "Chhattisgarh", kind: "state", pincodes: [["490", "497"]] },
  {
    code: "26",
    name: "Dadra and Nagar Haveli and Daman and Diu",
    kind: "union territory",
    pincodes: ["362", "396"],
  },
  { code: "07", name: "Delhi", kind: "union territory", pincodes: ["110"] },
  { code: "30", name: "Goa", kind: "state", pincodes: ["403"] },
  { code: "24", name: "Gujarat", kind: "state", pincodes: [["360", "396"]] },
  { code: "06", name: "Haryana", kind: "state", pincodes: [["121", "136"], "160"] },
  { code: "02", name: "Himachal Pradesh", kind: "state", pincodes: [["171", "177"]] },
  { code: "01", name: "Jammu and Kashmir", kind: "union territory", pincodes: [["180", "194"]] },
  { code: "20", name: "Jharkhand", kind: "state", pincodes: [["813", "835"]] },
  { code: "29", name: "Karnataka", kind: "state", pincodes: [["560", "591"]] },
  { code: "32", name: "Kerala", kind: "state", pincodes: [["670", "695"]] },
  { code: "38", name: "Ladakh", kind: "union territory", pincodes: ["194"] },
  { code: "31", name: "Lakshadweep", kind: "union territory", pincodes: ["682"] },
  { code: "23", name: "Madhya Pradesh", kind: "state", pincodes: [["450", "488"]] },
  { code: "27", name: "Maharashtra", kind: "state", pincodes: [["400", "445"]] },
  { code: "14", name: "Manipur", kind: "state", pincodes: ["795"] },
  { code: "17", name: "Meghalaya", kind: "state", pincodes: [["793", "794"]] },
  { code: "15", name: "Mizoram", kind: "state", pincodes: ["796"] },
  { code: "13", name: "Nagaland", kind: "state", pincodes: [["797", "798"]] },
  { code: "21", name: "Odisha", kind: "state", pincodes: [["751", "770"]] },
  { code: "34", name: "Puducherry", kind: "union territory", pincodes: ["533", "605", "607", "609", "673"] },
  { code: "03", name: "Punjab", kind: "state", pincodes: [["140", "160"]] },
  { code: "08", name: "Rajasthan", kind: "state", pincodes: [["301", "345"]] },
  { code: "11", name: "Sikkim", kind: "state", pincodes: ["737"] },
  { code: "33", name: "Tamil Nadu", kind: "state", pincodes: [["600", "643"]] },
  { code: "36", name: "Telangana", kind: "state", pincodes: [["500", "509"]] },
  { code: "16", name: "Tripura", kind: "state", pincodes: ["799"] },
  { code: "09", name: "Uttar Pradesh", kind: "state", pincodes: [["201", "285"]] },
  { code: "05", name: "Uttarakhand", kind: "state", pincodes: ["244", ["246", "249"], ["262", "263"]] },
  { code: "19", name: "West Bengal", kind: "state", pincodes: [["700", "743"]] },
];

/** The states and union territories in alphabetical order, for a select box. */
export const INDIAN_STATES: readonly IndianState[] = ENTRIES.map(({ code, name, kind }) => ({ code, name, kind }));

const BY_CODE = new Map(ENTRIES.map((entry) => [entry.code, entry]));

/** The state or union territory with this GST code, if there is one. */
export function stateByCode(code: string): IndianState | undefined {
  const entry = BY_CODE.get(code);
  return entry ? { code: entry.code, name: entry.name, kind: entry.kind } : undefined;
}

/** Whether a six-digit pincode can lie in the state or union territory with this GST code. */
export function pincodeFitsState(pincode: string, stateCode: string): boolean {
  const entry = BY_CODE.get(stateCode);
  if (!entry || !isPincode(pincode)) return false;
  const prefix = pincode.slice(0, 3);
  return entry.pincodes.some((range) =>
    typeof range === "string" ? prefix === range : prefix >= range[0] && prefix <= range[1],
  );
}
