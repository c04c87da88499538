import { onePerDatabase } from "../../db/one-per-database.ts";
import type { Db } from "../../db/schema.ts";
import { insertSearchLog, type LoggedSearch } from "./search.repository.ts";

/** Written at most this often, or when this many are waiting. */
const FLUSH_EVERY_MS = 2_000;
const FLUSH_AT = 200;
/** Beyond this many waiting (the database is slow or down), searches are counted but not kept. */
const MAX_WAITING = 5_000;

/**
 * Searches are logged for the admin's Searches view without slowing a search: each is added to a
 * list in memory, and the list is written in one insert every two seconds (or at 200 waiting). A
 * crowd on sale day costs one insert per two seconds per process. Searches still waiting when the
 * process stops are lost, which the view can afford.
 */
class SearchLog {
  readonly #db: Db;
  #waiting: LoggedSearch[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #writing: Promise<void> = Promise.resolve();
  /** Searches not kept because too many were waiting. */
  skipped = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  record(query: string, resultCount: number, tookMs: number, at: number = Date.now()): void {
    const text = query.trim().toLowerCase().replace(/\s+/g, " ").slice(0, 100);
    if (!text) return;
    if (this.#waiting.length >= MAX_WAITING) {
      this.skipped++;
      return;
    }
    this.#waiting.push({ query: text, resultCount, tookMs: Math.max(0, Math.round(tookMs)), at });
    if (this.#waiting.length >= FLUSH_AT) void this.flush();
    else if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.#timer.unref();
    }
  }

  /** Writes what is waiting; resolves once it is written (or could not be). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#waiting;
    this.#waiting = [];
    this.#writing = this.#writing.then(() =>
      insertSearchLog(this.#db, batch).catch(() => {
        // A lost batch of search statistics is no reason to fail anything else.
        this.skipped += batch.length;
      }),
    );
    return this.#writing;
  }
}

/** The one search log per database handle in this process. */
export const searchLog = onePerDatabase((db) => new SearchLog(db));
