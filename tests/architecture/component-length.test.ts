import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { longComponents } from "./house-rules.ts";
import { filesBelow } from "./source-syntax.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** The limit Biome holds every other function to (biome.json, noExcessiveLinesPerFunction). */
function biomeLimit(): number {
  const config = JSON.parse(read("biome.json"));
  return config.linter.rules.complexity.noExcessiveLinesPerFunction.options.maxLines;
}

describe("the length of components", () => {
  it("keeps every function that holds JSX within the limit Biome holds the others to", () => {
    const limit = biomeLimit();
    expect(limit).toBe(50);
    const files = filesBelow(root, ["app", "server"], (file) => file.endsWith(".tsx") && !file.includes(".test."));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => longComponents(file, read(file), limit))).toEqual([]);
  });

  it("counts the lines of markup, and not blank lines, comments or closing braces", () => {
    const file = "app/components/example.tsx";
    const markup = (lines: number) =>
      Array.from({ length: lines }, (_, line) => `      <p>line ${line}</p>`).join("\n");
    const component = (name: string, lines: number) =>
      `export function ${name}() {\n  // why it is so\n\n  return (\n    <div>\n${markup(lines)}\n    </div>\n  );\n}\n`;
    // 3 lines around the markup: "return (", "<div>", "</div>", and ");" make 4.
    expect(longComponents(file, component("AtTheLimit", 46), 50)).toEqual([]);
    expect(longComponents(file, component("OverTheLimit", 47), 50)).toEqual([
      `${file}:1 OverTheLimit has 51 lines (the limit is 50)`,
    ]);
    const arrow = `export const Row = () => (\n  <>\n${markup(60)}\n  </>\n);\n`;
    expect(longComponents(file, arrow, 50)).toEqual([`${file}:1 Row has 63 lines (the limit is 50)`]);
    const noJsx = `export function plain() {\n${"  call();\n".repeat(80)}}\n`;
    expect(longComponents(file, noJsx, 50)).toEqual([]);
    expect(longComponents("app/lib/example.ts", component("NotTsx", 80), 50)).toEqual([]);
  });
});
