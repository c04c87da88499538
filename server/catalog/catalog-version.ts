import { sql } from "kysely";
import { onePerDatabase } from "../db/one-per-database.ts";
import type { Db } from "../db/schema.ts";

/** How stale another process's change may look here: the stamp is read at most this often. */
const CHECK_EVERY_MS = 1_000;

/**
 * The catalogue's version: a counter in the database that goes up after every change to a product
 * or its pictures, and after a change of stock that a page shows (see stockChangeShows). Whatever is kept from the catalogue (listing counts, rendered pages)
 * is kept with the version it was made from and is out of date once the version moves on.
 *
 * A change made by this process is seen here at once; one made by another process within a
 * second, when the stamp is next read.
 */
export class CatalogVersion {
  readonly #db: Db;
  #known = -1;
  #checkedAt = 0;
  #reading: Promise<number> | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The current version, read from the database when the last reading is over a second old. */
  current(): Promise<number> {
    if (this.#known >= 0 && Date.now() - this.#checkedAt < CHECK_EVERY_MS) return Promise.resolve(this.#known);
    this.#reading ??= this.#read().finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }

  /**
   * Records a change, after its transaction has committed: a reader that sees the new version also
   * sees the new rows. (Bumping inside the transaction would hold the counter's row lock for the
   * whole checkout and could deadlock two orders against each other.)
   */
  async changed(): Promise<void> {
    const row = await sql<{ version: number }>`
      update content_versions set version = version + 1 where name = 'catalog' returning version
    `.execute(this.#db);
    this.#remember(Number(row.rows[0]?.version ?? this.#known + 1));
  }

  async #read(): Promise<number> {
    const row = await this.#db
      .selectFrom("contentVersions")
      .select("version")
      .where("name", "=", "catalog")
      .executeTakeFirst();
    // A read that started before a local change must not put the older number back.
    this.#remember(Math.max(this.#known, Number(row?.version ?? 0)));
    return this.#known;
  }

  #remember(version: number): void {
    this.#known = version;
    this.#checkedAt = Date.now();
  }
}

/** The one version tracker per database handle in this process. */
export const catalogVersion = onePerDatabase((db) => new CatalogVersion(db));
