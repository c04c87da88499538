import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
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
    mkdirSync(outDir, { recursive: true });
    const archive = path.join(outDir, `kesar-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`);
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
 * not exist yet (or be empty), so a restore never mixes with a shop's live data.
 */
export async function restoreBackup(config: Config, archive: string): Promise<{ pictures: number }> {
  const { database, uploads } = localPlaces(config);
  if (!existsSync(archive)) throw new BackupError(`No archive at ${archive}.`);
  if (existsSync(database)) throw new BackupError(`${database} exists: restore into an empty data folder.`);
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
    let pictures = 0;
    if (existsSync(path.join(staging, "uploads"))) {
      cpSync(path.join(staging, "uploads"), uploads, { recursive: true });
      pictures = countFiles(uploads);
    }
    renameSync(path.join(staging, "shop.db"), database);
    return { pictures };
  } finally {
    rmSync(staging, { recursive: true, force: true });
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
