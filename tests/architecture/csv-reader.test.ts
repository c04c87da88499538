import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph } from "./import-graph.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const READER = "server/csv/csv-reader.ts";

describe("every CSV file the shop is given", () => {
  it("is read by the one CSV reader: no other module takes a CSV parsing library", () => {
    const edges = importGraph(root, ["core", "server", "app", "scripts", "server.ts"]);
    const parsers = edges.filter((edge) =>
      /^(csv-parse|papaparse|fast-csv|csvtojson|csv-parser|d3-dsv)(\/|$)/.test(edge.to),
    );
    expect(new Set(parsers.map((edge) => edge.from))).toEqual(new Set([READER]));
  });
});
