/**
 * `npm run bench:backup`: how long `npm run backup` takes and how big its archive is, for the demo
 * shop (70 products and their pictures, as `npm start` makes it) and for a catalogue of 100,000
 * products (synthetic, sharing the demo's pictures).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createBackup } from "#server/backup/backup.ts";
import { startServices } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import { loadSyntheticCatalogue } from "./synthetic-catalogue.ts";

const dir = mkdtempSync(path.join(tmpdir(), "bench-backup-"));
try {
  for (const [name, extra] of [
    ["demo shop", 0],
    ["100k products", 100_000],
  ] as const) {
    const config = loadConfig({
      DATABASE_URL: `file:${path.join(dir, name.replace(/\W/g, ""), "shop.db")}`,
      // One picture folder: the demo's art is drawn once and both shops use it.
      UPLOADS_DIR: path.join(dir, "uploads"),
      ADMIN_PASSWORD: "Bench-admin-password-1",
      LOG_LEVEL: "silent",
    });
    const services = await startServices(config, () => {}, { backgroundWork: false });
    try {
      if (extra > 0) await loadSyntheticCatalogue(services.db, extra);
    } finally {
      await services.close();
    }
    const result = await createBackup(config, path.join(dir, "backups"));
    console.log(
      `${name.padEnd(14)} ${(result.milliseconds / 1000).toFixed(2)} s · ${(result.bytes / 1024 / 1024).toFixed(1)} MB archive · ${result.pictures} picture files`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
