import type { Db } from "../db/schema.ts";
import { type CatalogVersion, catalogVersion } from "./catalog-version.ts";

const TTL_MS = 60_000;
/** Counts are kept per filter combination; a bound keeps a crawler's odd URLs from growing it. */
const MAX_ENTRIES = 2_000;

type Entry = { expires: number; version: number; value: Promise<unknown> };

/**
 * Listing options (distinct categories and fabrics) and counts cost a pass over a whole collection,
 * yet change only when the catalogue does. Each is kept with the catalogue version it was read at
 * and read again once the version moves on (at once for this process's changes, within a second
 * for another's), or after a minute.
 */
class CatalogCache {
  readonly #entries = new Map<string, Entry>();
  readonly #version: CatalogVersion;

  constructor(version: CatalogVersion) {
    this.#version = version;
  }

  /** Forgets everything kept: for benchmarks that time the work the cache saves. */
  clear(): void {
    this.#entries.clear();
  }

  async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const version = await this.#version.current();
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now && hit.version === version) return hit.value as Promise<T>;
    const value = load();
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(key, { expires: now + TTL_MS, version, value });
    value.catch(() => this.#entries.delete(key));
    return value;
  }
}

const caches = new WeakMap<Db, CatalogCache>();

export function catalogCache(db: Db): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogCache(catalogVersion(db));
    caches.set(db, cache);
  }
  return cache;
}
