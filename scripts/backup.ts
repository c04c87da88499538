/**
 * `npm run backup [-- <folder>]`: a consistent snapshot of the SQLite database and the picture
 * folder in one timestamped archive (in ./data/backups unless a folder is given), while the shop
 * keeps running. On PostgreSQL or a bucket it says what to use instead.
 */
import path from "node:path";
import { BackupError, createBackup } from "#server/backup/backup.ts";
import { ConfigError, loadConfig } from "#server/config.ts";

try {
  const config = loadConfig();
  const outDir = path.resolve(process.argv[2] ?? path.join(config.dataDir, "backups"));
  const result = await createBackup(config, outDir);
  console.log(
    `Backed up to ${result.archive}: ${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${result.pictures} picture files, in ${(result.milliseconds / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  console.error(
    error instanceof BackupError || error instanceof ConfigError || error instanceof Error ? error.message : error,
  );
  process.exit(1);
}
