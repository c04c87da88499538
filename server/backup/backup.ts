import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync, backup as sqliteBackup } from "node:sqlite";
import { create, extract } from "tar";
import type { Config } from "../config.ts";
import { sqlitePath } from "../db/sqlite-path.ts";

export class BackupError extends Error {
  override name = "BackupError";
}

export type BackupResult = { archive: string; bytes: number; pictures: number; milliseconds: number };

/** Only the shop's own user may read a backup or a restored database: they hold every customer's details. */
const OWNER_ONLY = 0o600;

/**
 * One timestamped archive of a SQLite shop: a consistent snapshot of the database, taken with
 * SQLite's online backup while the shop keeps selling (an order is in it whole or not at all), and
 * the picture folder. Pictures are written once under content-derived names, so copying them
 * after the snapshot misses nothing the snapshot refers to.
 */
export async function createBackup(config: Config, outDir: string, now = new Date()): Promise<BackupResult> {
  const { database, uploads } = localPlaces(config);
  const started = Date.now();
  const staging = await mkdtemp(path.join(tmpdir(), "kesar-backup-"));
  try {
    const source = new DatabaseSync(database, { readOnly: true });
    try {
      await sqliteBackup(source, path.join(staging, "shop.db"));
    } finally {
      source.close();
    }
    const pictures = existsSync(uploads) ? countFiles(uploads) : 0;
    await writeFile(
      path.join(staging, "manifest.json"),
      JSON.stringify({ kind: "kesar-backup", version: 1, takenAt: now.toISOString(), pictures }, null, 2),
    );
    const entries = ["manifest.json", "shop.db"];
    if (pictures > 0) {
      // The live picture folder goes in as it is, under uploads/, without a second copy on disk.
      symlinkSync(uploads, path.join(staging, "uploads"), "dir");
      entries.push("uploads");
    }
    mkdirSync(outDir, { recursive: true, mode: 0o700 });
    const archive = path.join(outDir, `kesar-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`);
    // Made owner-only before a byte goes in, so the archive is never readable by others, even briefly.
    closeSync(openSync(archive, "wx", OWNER_ONLY));
    await create(
      { gzip: true, file: archive, cwd: staging, follow: true, filter: (entry) => !entry.endsWith(".part") },
      entries,
    );
    return { archive, bytes: statSync(archive).size, pictures, milliseconds: Date.now() - started };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Puts an archive back: the database file and the picture folder of the configuration, which must
 * not exist yet (or be empty), so a restore never mixes with a shop's live data. A folder that still
 * holds a `-wal` or `-shm` file is refused: SQLite would take such a file for the restored
 * database's own and replay it over the restored shop. The restored database is checked (SQLite's
 * integrity check, and its orders counted) before the restore is said to have worked.
 */
export async function restoreBackup(config: Config, archive: string): Promise<{ pictures: number; orders: number }> {
  const { database, uploads } = localPlaces(config);
  if (!existsSync(archive)) throw new BackupError(`No archive at ${archive}.`);
  if (existsSync(database)) throw new BackupError(`${database} exists: restore into an empty data folder.`);
  refuseLeftoverJournals(path.dirname(database));
  if (existsSync(uploads) && readdirSync(uploads).length > 0) {
    throw new BackupError(`${uploads} is not empty: restore into an empty data folder.`);
  }
  // Unpacked beside the database, so that moving the file into place is a rename.
  mkdirSync(path.dirname(database), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(database), ".restore-"));
  try {
    await extract({ file: archive, cwd: staging, strict: true });
    if (!existsSync(path.join(staging, "manifest.json")) || !existsSync(path.join(staging, "shop.db"))) {
      throw new BackupError(`${archive} is not a Kesar backup.`);
    }
    const orders = checkedOrderCount(path.join(staging, "shop.db"), archive);
    let pictures = 0;
    if (existsSync(path.join(staging, "uploads"))) {
      cpSync(path.join(staging, "uploads"), uploads, { recursive: true });
      pictures = countFiles(uploads);
    }
    chmodSync(path.join(staging, "shop.db"), OWNER_ONLY);
    renameSync(path.join(staging, "shop.db"), database);
    // Read again where the shop will open it: what the shop sees is what was restored.
    if (checkedOrderCount(database, archive) !== orders) {
      throw new BackupError(`The restored ${database} does not hold the archive's ${orders} orders.`);
    }
    return { pictures, orders };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function refuseLeftoverJournals(folder: string): void {
  if (!existsSync(folder)) return;
  const leftovers = readdirSync(folder).filter((name) => /-(wal|shm|journal)$/.test(name));
  if (leftovers.length > 0) {
    throw new BackupError(
      `${folder} holds ${leftovers.join(", ")}, left by an earlier database: SQLite would apply it to the ` +
        "restored one. Restore into an empty data folder.",
    );
  }
}

/** The orders a database holds, once SQLite's integrity check has passed. */
function checkedOrderCount(file: string, archive: string): number {
  const db = new DatabaseSync(file);
  try {
    const integrity = db.prepare("pragma integrity_check").all() as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== "ok") {
      throw new BackupError(`The database in ${archive} is damaged: ${JSON.stringify(integrity.slice(0, 3))}`);
    }
    const row = db.prepare("select count(*) as orders from orders").get() as { orders: number };
    return Number(row.orders);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The database in ${archive} cannot be read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

function localPlaces(config: Config): { database: string; uploads: string } {
  if (!config.databaseUrl.startsWith("file:") || sqlitePath(config.databaseUrl) === ":memory:") {
    throw new BackupError("This shop's database is not a SQLite file: on PostgreSQL use pg_dump (see the README).");
  }
  if (!config.storageUrl.startsWith("file:")) {
    throw new BackupError("Pictures are in a bucket: turn on its versioning instead (see the README).");
  }
  return { database: sqlitePath(config.databaseUrl), uploads: config.storageUrl.slice("file:".length) };
}

function countFiles(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}
