/**
 * `npm run storage:copy -- [folder]`: copies a local picture store (the folder given, else
 * UPLOADS_DIR) into the bucket STORAGE_URL names, under the same keys, for moving a shop from one
 * machine to several. Safe to run again.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "#server/config.ts";
import { copyLocalStore } from "#server/storage/copy-store.ts";
import { openStorage } from "#server/storage/open-storage.ts";

try {
  const config = loadConfig();
  if (!config.storageUrl.startsWith("s3:")) {
    console.error("Set STORAGE_URL to the bucket to copy into (s3://bucket?endpoint=…), then run this again.");
    process.exit(2);
  }
  const folder = path.resolve(process.argv[2] ?? config.uploadsDir);
  const target = openStorage(config.storageUrl);
  try {
    const copied = await copyLocalStore(folder, target, (message) => console.log(message));
    console.log(`Copied ${copied} files from ${folder} into ${config.storageUrl.split("?")[0]}.`);
  } finally {
    target.close?.();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
