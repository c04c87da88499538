import type { Db } from "../db/schema.ts";

const TTL_MS = 60_000;
/** Counts are kept per filter combination; a bound keeps a crawler's odd URLs from growing it. */
const MAX_ENTRIES = 2_000;

type Entry = { expires: number; value: Promise<unknown> };

/**
 * Listing options (distinct categories and fabrics) cost a pass over a whole collection, yet change
 * only when the catalogue does. They are kept for a minute, and dropped at once when this process
 * changes a product; another process's change shows within the minute.
 */
class CatalogCache {
  readonly #entries = new Map<string, Entry>();

  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, { expires: now + TTL_MS, value });
    value.catch(() => this.#entries.delete(key));
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}

const caches = new WeakMap<Db, CatalogCache>();

export function catalogCache(db: Db): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogCache();
    caches.set(db, cache);
  }
  return cache;
}
