import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FORM_READER, handReadForms, handReadIds, handThrownResponses } from "./house-rules.ts";
import { filesBelow } from "./source-syntax.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const notTests = (file: string) => !/\.test\.tsx?$/.test(file);

describe("forms, ids and refusals in the pages", () => {
  it("reads every posted form through its schema with the one reader, and nothing else looks into a form (record 15)", () => {
    const files = filesBelow(root, ["app", "server", "core", "scripts"], notTests);
    expect(files).toContain(FORM_READER);
    expect(files.flatMap((file) => handReadForms(file, read(file)))).toEqual([]);
  });

  it("answers every refusal of a loader, an action or a guard through AppError and the one error path", () => {
    const files = filesBelow(root, ["app"], notTests);
    expect(files.flatMap((file) => handThrownResponses(file, read(file)))).toEqual([]);
  });

  it("reads every id in an address with the id field, never with a regular expression or Number() of its own", () => {
    const files = filesBelow(root, ["app/routes", "app/.server"], notTests);
    expect(files.length).toBeGreaterThan(60);
    expect(files.flatMap((file) => handReadIds(file, read(file)))).toEqual([]);
  });

  it("notices each violation, wherever it is written, and not the words in a comment or a string", () => {
    const route = "app/routes/example.tsx";
    const handRead = [
      'const text = (name: string) => String(form.get(name) ?? "");',
      'const photos = form.getAll("keepPhotos").map(String);',
      'const word = uploadForm\n  .get("word");',
      "const form = await request.formData();",
      '// never form.get("x") by hand; const note = "form.get(";',
      'const pending = fetcher.formData?.get("intent");',
    ].join("\n");
    expect(handReadForms(route, handRead)).toEqual([
      `${route}:1 form.get(`,
      `${route}:2 form.getAll(`,
      `${route}:3 uploadForm.get(`,
      `${route}:5 a form read without the reader (.formData())`,
    ]);
    expect(handReadForms(FORM_READER, handRead)).toEqual([]);

    const thrown = [
      "if (!listing) throw data(null, { status: 404 });",
      'throw new Response("Not found", { status: 404 });',
      'throw redirect("/login");',
      "const answer = data({ ok: true });",
      'throw new AppError("not-found", "There is no such collection.");',
    ].join("\n");
    expect(handThrownResponses(route, thrown)).toEqual([`${route}:1 throw data(`, `${route}:2 throw new Response(`]);

    const ids = [
      "if (!/^\\d{1,12}$/.test(params.id)) notFound();",
      "const ok = /^[1-9]\\d{0,14}$/.test(raw);",
      "const digits = /^[0-9]+$/;",
      "const id = Number(params.id);",
      'const buy = Number(params.get("buy"));',
      'const page = Number.parseInt(url.searchParams.get("page"), 10);',
      "const cm = /^\\d{1,3}(\\.\\d)?$/.test(text);",
      "const total = Number(row.total);",
      "const id = idFromPath(params.id, 'This product could not be found.');",
    ].join("\n");
    expect(handReadIds(route, ids)).toEqual([
      `${route}:1 /^\\d{1,12}$/`,
      `${route}:2 /^[1-9]\\d{0,14}$/`,
      `${route}:3 /^[0-9]+$/`,
      `${route}:4 Number(params.id)`,
      `${route}:5 Number(params.get("buy"))`,
      `${route}:6 Number.parseInt(url.searchParams.get("page"))`,
    ]);
  });
});
