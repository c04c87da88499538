import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

/**
 * India's pincodes with their district, state and place on the map (GeoNames, CC BY 4.0, built by
 * scripts/build-pincodes.ts). Reference data that ships with the code: read from the file the first
 * time a pincode is asked about, then kept in memory (about 19,000 entries), so that a form's check
 * of the pincode against the state needs no database.
 */
export type PincodePlace = {
  pincode: string;
  district: string;
  /** The GST state code of the state or union territory. */
  stateCode: string;
  latitude: number;
  longitude: number;
};

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "data", "pincodes.tsv.gz");

let directory: Map<string, PincodePlace> | undefined;

/** The place a pincode belongs to, or undefined when India Post's directory does not list it. */
export function findPincode(pincode: string): PincodePlace | undefined {
  directory ??= readDirectory();
  return directory.get(pincode);
}

/** Every listed pincode, in order. */
export function listedPincodes(): PincodePlace[] {
  directory ??= readDirectory();
  return [...directory.values()];
}

function readDirectory(): Map<string, PincodePlace> {
  const places = new Map<string, PincodePlace>();
  for (const line of gunzipSync(readFileSync(FILE)).toString("utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [pincode = "", district = "", stateCode = "", latitude, longitude] = line.split("\t");
    places.set(pincode, { pincode, district, stateCode, latitude: Number(latitude), longitude: Number(longitude) });
  }
  return places;
}
