import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph, sourceFiles } from "./import-graph.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const WRITER = "server/csv/csv-writer.ts";

describe("every CSV file the shop writes", () => {
  const folders = ["core", "server", "app", "scripts", "server.ts"];
  const edges = importGraph(root, folders);

  it("is written by the one CSV writer: no other module takes a CSV library, and every text/csv answer reaches the writer", () => {
    const csvLibraries = edges.filter((edge) => /^(csv-stringify|csv|papaparse|fast-csv|json2csv)(\/|$)/.test(edge.to));
    expect(csvLibraries.map((edge) => edge.from)).toEqual(expect.arrayContaining([WRITER]));
    expect(new Set(csvLibraries.map((edge) => edge.from))).toEqual(new Set([WRITER]));

    const reaches = (file: string, seen = new Set<string>()): boolean => {
      if (file === WRITER) return true;
      if (seen.has(file)) return false;
      seen.add(file);
      return edges.filter((edge) => edge.from === file).some((edge) => reaches(edge.to, seen));
    };
    const answersCsv = sourceFiles(root, folders).filter((file) =>
      readFileSync(path.join(root, file), "utf8").includes("text/csv;"),
    );
    expect(answersCsv).toContain("app/routes/admin/gst-file.ts");
    for (const file of answersCsv) expect(reaches(file), file).toBe(true);
  });
});
