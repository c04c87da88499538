import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export type ImportEdge = { from: string; to: string; typeOnly: boolean };

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every .ts and .tsx file below the given folders, relative to the root, tests left out. */
export function sourceFiles(root: string, folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!statSync(path.join(root, dir)).isDirectory()) {
      files.push(dir);
      return;
    }
    for (const name of readdirSync(path.join(root, dir))) {
      const relative = path.posix.join(dir, name);
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(relative);
    }
  };
  for (const folder of folders) if (existsSync(path.join(root, folder))) walk(folder);
  return files;
}

/**
 * The imports of a file, each resolved to a project file (relative and `#server/` imports) or left
 * as a package name. A whole-statement `import type` is type-only and vanishes at run time.
 */
export function importsOf(file: string, text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    edges.push({ from: file, to: resolveSpecifier(file, match[3] as string), typeOnly: Boolean(match[2]) });
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) {
    edges.push({ from: file, to: resolveSpecifier(file, match[1] as string), typeOnly: false });
  }
  return edges;
}

function resolveSpecifier(file: string, specifier: string): string {
  if (specifier.startsWith("#server/")) return `server/${specifier.slice("#server/".length)}`;
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return specifier;
}

export function importGraph(root: string, folders: string[]): ImportEdge[] {
  return sourceFiles(root, folders).flatMap((file) => importsOf(file, readFileSync(path.join(root, file), "utf8")));
}

/** Import cycles among project files, counting only imports that exist at run time. */
export function runtimeCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly || !/\.tsx?$/.test(edge.to)) continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  }
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const target of next.get(file) ?? []) {
      if (state.get(target) === "open") cycles.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of next.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

const WEB_FRAMEWORK = /^(react-router|@react-router\/|fastify$|@fastify\/|@mcansh\/)/;

/**
 * The layer rules: domain folders under server/ hold rules and data only, so they import neither
 * the web framework nor server/http; nothing under server/ imports a React component (.tsx).
 */
export function layerViolations(edges: readonly ImportEdge[]): string[] {
  const violations: string[] = [];
  for (const { from, to } of edges) {
    if (!from.startsWith("server/")) continue;
    const folder = from.split("/")[1] ?? "";
    const isDomain = from.split("/").length > 2 && !["http", "testing"].includes(folder);
    if (isDomain && (WEB_FRAMEWORK.test(to) || to.startsWith("server/http/"))) {
      violations.push(`${from} imports ${to}: domain code must not depend on the web layer`);
    }
    if (to.endsWith(".tsx")) violations.push(`${from} imports ${to}: server code must not import React components`);
  }
  return violations;
}
