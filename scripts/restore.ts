/**
 * `npm run restore -- <archive>`: puts a backup back into an empty data folder (DATABASE_URL's
 * file and the picture folder must not exist yet). Start the shop afterwards as usual.
 */
import { BackupError, restoreBackup } from "#server/backup/backup.ts";
import { ConfigError, loadConfig } from "#server/config.ts";

const archive = process.argv[2];
if (!archive) {
  console.error("Usage: npm run restore -- <archive.tar.gz>");
  process.exit(2);
}
try {
  const { pictures, orders } = await restoreBackup(loadConfig(), archive);
  console.log(
    `Restored the database (checked: ${orders} orders) and ${pictures} picture files. Start the shop with npm start.`,
  );
} catch (error) {
  console.error(
    error instanceof BackupError || error instanceof ConfigError || error instanceof Error ? error.message : error,
  );
  process.exit(1);
}
