import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { type ESTree, parseSync, Visitor, type VisitorObject } from "vite";

/*
 * The house's rules that an import graph cannot see, read from each file's syntax tree (the oxc
 * parser that Vite builds with): comments and strings never count, and a call is a call however it
 * is laid out over lines.
 */

/** A rule broken at one place: `file:line what`. */
export type Finding = string;

export type Source = {
  file: string;
  text: string;
  program: ESTree.Program;
  comments: readonly { start: number; end: number }[];
  /** The line (from 1) of a position in the text. */
  lineOf: (position: number) => number;
  /** The text of a node as written. */
  textOf: (node: { start: number; end: number }) => string;
};

/** Files parsed once for all the rules that read them (the checks run in one worker). */
const parsedSources = new Map<string, Source>();

export function parseSource(file: string, text: string): Source {
  const key = `${file}\n${text}`;
  const known = parsedSources.get(key);
  if (known) return known;
  const source = parseFresh(file, text);
  parsedSources.set(key, source);
  return source;
}

function parseFresh(file: string, text: string): Source {
  const lang = file.endsWith(".tsx") ? "tsx" : "ts";
  const parsed = parseSync(file, text, { lang });
  if (parsed.errors.length > 0) throw new Error(`${file} does not parse: ${parsed.errors[0]?.message}`);
  const lineStarts = [0];
  for (let index = text.indexOf("\n"); index >= 0; index = text.indexOf("\n", index + 1)) lineStarts.push(index + 1);
  const lineOf = (position: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((lineStarts[middle] ?? 0) <= position) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  return {
    file,
    text,
    program: parsed.program,
    comments: parsed.comments,
    lineOf,
    textOf: (node) => text.slice(node.start, node.end),
  };
}

/** Walks a file's syntax tree with one handler per kind of node. */
export function visit(source: Source, visitor: VisitorObject): void {
  new Visitor(visitor).visit(source.program);
}

/** Every .ts and .tsx file below the given folders (relative to the root) that the filter keeps. */
export function filesBelow(root: string, folders: string[], keep: (file: string) => boolean = () => true): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const relative = path.posix.join(dir, name);
      if (name === "node_modules" || name === "+types" || name.startsWith(".react-router")) continue;
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts") && keep(relative)) files.push(relative);
    }
  };
  for (const folder of folders) if (existsSync(path.join(root, folder))) walk(folder);
  return files.sort();
}

/** The name a call is made through: `data`, `form.get`, `expect.poll` (deeper chains keep their last two names). */
export function calleeName(call: ESTree.CallExpression | ESTree.NewExpression): string {
  const callee = call.callee;
  if (callee.type === "Identifier") return callee.name;
  if (callee.type === "MemberExpression" && callee.property.type === "Identifier") {
    const object = callee.object;
    const owner =
      object.type === "Identifier"
        ? object.name
        : object.type === "MemberExpression" && object.property.type === "Identifier"
          ? object.property.name
          : "";
    return `${owner}${callee.optional ? "?." : "."}${callee.property.name}`;
  }
  return "";
}

/** An object literal's property of that name, if the object is written out in place. */
export function propertyNamed(node: ESTree.Node | undefined, name: string): ESTree.Node | undefined {
  if (node?.type !== "ObjectExpression") return undefined;
  for (const property of node.properties) {
    if (property.type !== "Property") continue;
    const key = property.key;
    if ((key.type === "Identifier" && key.name === name) || (key.type === "Literal" && key.value === name)) {
      return property.value;
    }
  }
  return undefined;
}
