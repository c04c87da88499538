import type { Db } from "./schema.ts";

/**
 * What keeps state about one database in this process (the catalogue's version, the search log's
 * buffer, the shelves' offers): one instance per database handle, made when first asked for, shared
 * by everyone who asks with that handle, and gone with the handle.
 */
export function onePerDatabase<T extends object>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let found = made.get(db);
    if (!found) {
      found = make(db);
      made.set(db, found);
    }
    return found;
  };
}
