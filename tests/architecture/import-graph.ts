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
 * The imports of a file, each resolved to a project file (relative, `#core/` and `#server/` imports) or left
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
  if (specifier.startsWith("#core/")) return `core/${specifier.slice("#core/".length)}`;
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
const PROJECT_FILE = /^(app|core|server|scripts|bench|tests)\//;

/**
 * The layer rules of the house, from the ground up:
 * - core/ is the shop's vocabulary: it imports nothing but core/ (no package, no app/, no server/);
 * - server/ never imports app/; its domain folders import neither the web framework nor
 *   server/http; nothing under server/ imports a React component (.tsx);
 * - a route module (app/routes/) reaches the data through services only, never a repository or the
 *   database layer;
 * - a migration is frozen: it imports only the migration helpers and the engine check, never the
 *   shop's live code.
 */
export function layerViolations(edges: readonly ImportEdge[]): string[] {
  const violations: string[] = [];
  for (const { from, to } of edges) {
    if (from.startsWith("core/") && !to.startsWith("core/")) {
      violations.push(`${from} imports ${to}: core/ holds the vocabulary alone and imports nothing else`);
    }
    if (from.startsWith("app/routes/") && (/\.repository\.ts$/.test(to) || to.startsWith("server/db/"))) {
      violations.push(`${from} imports ${to}: routes call services, never repositories or the database`);
    }
    if (!from.startsWith("server/")) continue;
    if (to.startsWith("app/")) violations.push(`${from} imports ${to}: server/ must not import app/`);
    if (from.startsWith("server/db/migrations/") && PROJECT_FILE.test(to) && !MIGRATION_HELPERS.has(to)) {
      violations.push(`${from} imports ${to}: a migration is frozen and copies what it needs`);
    }
    const folder = from.split("/")[1] ?? "";
    const isDomain = from.split("/").length > 2 && !["http", "testing"].includes(folder);
    if (isDomain && (WEB_FRAMEWORK.test(to) || to.startsWith("server/http/"))) {
      violations.push(`${from} imports ${to}: domain code must not depend on the web layer`);
    }
    if (to.endsWith(".tsx")) violations.push(`${from} imports ${to}: server code must not import React components`);
  }
  return violations;
}

const MIGRATION_HELPERS = new Set(["server/db/database.ts", "server/db/migration-helpers.ts"]);

/** The rooms under server/ that may read any table: the demo seed, the migrations, the test stand-ins. */
const REACHES_ANY_TABLE = new Set(["demo", "db", "testing"]);

/**
 * Imports of another room's repository from a room under server/ (record 37): a room's tables are
 * its own, and another room calls its service. Each is returned as "from → to".
 */
export function repositoryReaches(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const [top, room] = from.split("/");
      const [toTop, toRoom] = to.split("/");
      if (top !== "server" || toTop !== "server" || from.split("/").length < 3 || !to.endsWith(".repository.ts"))
        return false;
      return room !== toRoom && !REACHES_ANY_TABLE.has(room ?? "");
    })
    .map(({ from, to }) => `${from} → ${to}`);
}

/**
 * The rooms of the house: each folder under server/ (and each file at its top), core/, app/,
 * scripts/ and bench/. A loop of imports between rooms, type imports included, means no room has
 * a floor of its own; the loops found are returned, each as its rooms in order.
 */
export function roomCycles(edges: readonly ImportEdge[]): string[][] {
  const room = (file: string) => {
    const parts = file.split("/");
    if (parts[0] === "server") return parts.length > 2 ? `server/${parts[1]}` : file;
    return parts.length > 1 ? (parts[0] ?? file) : file;
  };
  const roomEdges = edges
    .filter((edge) => PROJECT_FILE.test(edge.to) || /^[^/]+\.tsx?$/.test(edge.to))
    .map((edge) => ({ from: room(edge.from), to: room(edge.to), typeOnly: false }))
    .filter((edge) => edge.from !== edge.to)
    .map((edge) => ({ ...edge, to: `${edge.to}.ts`, from: `${edge.from}.ts` }));
  return runtimeCycles(roomEdges).map((cycle) => cycle.map((name) => name.replace(/\.ts$/, "")));
}
