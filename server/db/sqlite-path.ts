import path from "node:path";

/** `file:./data/shop.db` → absolute path; `file::memory:` stays in memory. */
export function sqlitePath(url: string): string {
  const rest = url.slice("file:".length);
  return rest === ":memory:" ? rest : path.resolve(rest);
}
