/**
 * `npm run bench:search`: the shop's search at 100k products (and 1M with BENCH_SIZES=100000,1000000)
 * on SQLite, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. For 20
 * searches a shopper would type (common words, other spellings, typos, two words, Devanagari) it
 * prints p50 and p95 of the results page's search (browseListing: understanding, count, page), the
 * ratio of a common word's p50 to a rare one's, and the share of searches whose top 10 are what the
 * search asked for.
 *
 * How the top 10 are judged: each search has a rule written down below, a list of patterns for the
 * words it means (a typo and a Devanagari word mean the word they stand for), every one of which must
 * appear in the product's title, type, category or fabric. A search passes when it finds something
 * and each of its first ten results passes the rule. Five searches of a walk-through (synonyms,
 * colours, filler words) are judged too and counted apart. Bounded: RUNS timed runs per search
 * (default 60) and at most BENCH_SECONDS (default 20) seconds per search.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listingQuerySchema } from "#server/catalog/catalog.schemas.ts";
import { browseListing } from "#server/catalog/catalog.service.ts";
import { catalogCache } from "#server/catalog/catalog-cache.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Db } from "#server/db/schema.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";
import { loadSyntheticCatalogue } from "./synthetic-catalogue.ts";

const SIZES = (process.env.BENCH_SIZES ?? "100000").split(",").map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",");
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

type Kind = "common" | "spelling" | "typo" | "two words" | "devanagari" | "rare" | "synonym" | "colour" | "filler";

/** The 20 searches, and the rule their top ten are judged by. */
const SEARCHES: { q: string; kind: Kind; expect: RegExp[] }[] = [
  { q: "kurta", kind: "common", expect: [/\bkurt(a|i)s?\b/] },
  { q: "saree", kind: "common", expect: [/\bsarees?\b/] },
  { q: "dress", kind: "common", expect: [/\bdress(es)?\b/] },
  { q: "bag", kind: "common", expect: [/\b(hand)?bags?\b/] },
  { q: "kurtis", kind: "spelling", expect: [/\bkurt(a|i)s?\b/] },
  { q: "lehnga", kind: "spelling", expect: [/\blehengas?\b/] },
  { q: "jhumki", kind: "spelling", expect: [/\bjhumkas?\b/] },
  { q: "kurtaa", kind: "typo", expect: [/\bkurt(a|i)s?\b/] },
  { q: "anarkalli", kind: "typo", expect: [/\banarkalis?\b/] },
  { q: "dupata", kind: "typo", expect: [/\bdupattas?\b/] },
  { q: "sunglases", kind: "typo", expect: [/\bsunglasses\b/] },
  { q: "silk saree", kind: "two words", expect: [/\bsilk\b/, /\bsarees?\b/] },
  { q: "cotton kurta", kind: "two words", expect: [/\bcotton\b/, /\bkurt(a|i)s?\b/] },
  { q: "tote bag", kind: "two words", expect: [/\btote\b/, /\bbags?\b/] },
  { q: "velvet anarkali", kind: "two words", expect: [/\bvelvet\b/, /\banarkalis?\b/] },
  { q: "lawn suit", kind: "two words", expect: [/\blawn\b/, /\bsuits?\b/] },
  { q: "कुर्ता", kind: "devanagari", expect: [/\bkurt(a|i)s?\b/] },
  { q: "साड़ी", kind: "devanagari", expect: [/\bsarees?\b/] },
  { q: "दुपट्टा", kind: "devanagari", expect: [/\bdupattas?\b/] },
  { q: "झुमका", kind: "devanagari", expect: [/\bjhumkas?\b/] },
];
/**
 * Searches a walk-through of the shop found wanting (decision record 35), judged by the same rule
 * but counted apart, so that the 20 above stay comparable with earlier runs.
 */
const BLUE = /\b(blue|navy|indigo|cobalt|azure|sky|teal|turquoise|firozi|aqua|sapphire|neelam)\b/;
const WALK_THROUGH: { q: string; kind: Kind; expect: RegExp[] }[] = [
  { q: "salwar", kind: "synonym", expect: [/\b(suits?|salwar|kameez)\b/] },
  { q: "सूट", kind: "synonym", expect: [/\b(suits?|salwar|kameez)\b/] },
  { q: "blue", kind: "colour", expect: [BLUE] },
  { q: "blue anarkali", kind: "colour", expect: [BLUE, /\banarkalis?\b/] },
  { q: "kurtis for office", kind: "filler", expect: [/\bkurt(a|i)s?\b/] },
];

/** A word one product has (its number), for the common-to-rare ratio. */
const RARE = { q: "77777", kind: "rare" as const, expect: [/\b77777\b/] };

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

async function judged(db: Db, ids: number[], expect: RegExp[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const rows = await db
    .selectFrom("products")
    .select(["title", "type", "category", "fabric"])
    .where("id", "in", ids)
    .execute();
  return rows.every((row) => {
    const text = `${row.title} ${row.type} ${row.category} ${row.fabric ?? ""}`.toLowerCase();
    return expect.every((pattern) => pattern.test(text));
  });
}

async function measure(engine: string, url: string, size: number, dispose: () => Promise<void>) {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    const loadStart = performance.now();
    await loadSyntheticCatalogue(handle.db, size);
    console.log(
      `\n${engine} · ${size.toLocaleString("en-IN")} products · loaded in ${((performance.now() - loadStart) / 1000).toFixed(0)} s`,
    );
    console.log("search              │ kind        │ p50 ms │ p95 ms │ cached │ 1st ms  │ found   │ top 10");
    const p50s = new Map<string, number>();
    let right = 0;
    let allTimes: number[] = [];
    let walkThroughRight = 0;
    for (const search of [...SEARCHES, RARE, ...WALK_THROUGH]) {
      const query = listingQuerySchema.parse({ listing: "all", q: search.q });
      const coldStart = performance.now();
      const first = await browseListing(handle.db, query);
      const cold = performance.now() - coldStart;
      const times: number[] = [];
      const cachedTimes: number[] = [];
      const until = performance.now() + SECONDS * 1000;
      for (let run = 0; run < RUNS && performance.now() < until; run++) {
        catalogCache(handle.db).clear();
        const start = performance.now();
        await browseListing(handle.db, query);
        times.push(performance.now() - start);
        const again = performance.now();
        await browseListing(handle.db, query);
        cachedTimes.push(performance.now() - again);
      }
      cachedTimes.sort((a, b) => a - b);
      times.sort((a, b) => a - b);
      const ok = await judged(
        handle.db,
        first.items.slice(0, 10).map((item) => item.id),
        search.expect,
      );
      if (WALK_THROUGH.includes(search)) {
        if (ok) walkThroughRight++;
      } else if (search !== RARE) {
        if (ok) right++;
        allTimes = allTimes.concat(times);
      }
      p50s.set(search.q, percentile(times, 0.5));
      console.log(
        [
          search.q.padEnd(19),
          search.kind.padEnd(11),
          percentile(times, 0.5).toFixed(2).padStart(6),
          percentile(times, 0.95).toFixed(2).padStart(6),
          percentile(cachedTimes, 0.5).toFixed(2).padStart(6),
          cold.toFixed(1).padStart(7),
          String(first.total).padStart(7),
          `${ok ? "right" : "WRONG"}${first.search?.showingFor ? ` (for “${first.search.showingFor}”)` : ""}`,
        ].join(" │ "),
      );
    }
    allTimes.sort((a, b) => a - b);
    const common = p50s.get("kurta") ?? Number.NaN;
    const rare = p50s.get(RARE.q) ?? Number.NaN;
    console.log(
      `all 20: p50 ${percentile(allTimes, 0.5).toFixed(2)} ms, p95 ${percentile(allTimes, 0.95).toFixed(2)} ms · ` +
        `common 'kurta' / rare '${RARE.q}' p50: ${(common / rare).toFixed(2)}× · top 10 right: ${right}/20 = ${(right / 20).toFixed(2)}`,
    );
    console.log(`walk-through searches (not in the 20): top 10 right ${walkThroughRight}/${WALK_THROUGH.length}`);
  } finally {
    await handle.close();
    await dispose();
  }
}

for (const size of SIZES) {
  if (ENGINES.includes("sqlite")) {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-search-"));
    await measure("sqlite", `file:${path.join(dir, "shop.db")}`, size, async () =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (ENGINES.includes("postgres")) {
    if (!pgUrl) console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
    else {
      const scratch = await createScratchSchema(pgUrl, "bench");
      await measure("postgres", scratch.url, size, scratch.drop);
    }
  }
}
process.exit(0);
