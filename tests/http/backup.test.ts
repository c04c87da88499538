import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { BackupError, createBackup, restoreBackup } from "#server/backup/backup.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { sqlitePath } from "#server/db/sqlite-path.ts";
import { LocalStorage } from "#server/storage/local-storage.ts";
import { storeShapedImage } from "#server/storage/shaped-images.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { buyOne, productInput } from "./live-shop.ts";

const SECRET = "a-session-secret-for-the-backup-test-0123456789";

describe("backing up a running SQLite shop and restoring it", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
  const live = {
    DATABASE_URL: `file:${path.join(dir, "live", "shop.db")}`,
    UPLOADS_DIR: path.join(dir, "live", "uploads"),
  };
  let shop: ShopProcess;
  let productId = 0;

  beforeAll(async () => {
    shop = await startShopProcess({
      ...live,
      WEB_CONCURRENCY: "1",
      SEED_DEMO: "false",
      SESSION_SECRET: SECRET,
      MAIL_URL: `file:${path.join(dir, "outbox")}`,
    });
    const handle = openDatabase(live.DATABASE_URL);
    try {
      const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#aa5533" } })
        .jpeg()
        .toBuffer();
      const image = await storeShapedImage(new LocalStorage(live.UPLOADS_DIR), "products", "product", photo);
      productId = await createProduct(
        handle.db,
        SYSTEM,
        productInput({ title: "Backed Up Kurta", images: [image], sizes: [{ size: "M", stock: 100_000 }] }),
      );
    } finally {
      await handle.close();
    }
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps every order acknowledged before the backup began, taken while orders keep coming", async () => {
    const acknowledged: string[] = [];
    let stop = false;
    let count = 0;
    // Four buyers at a time, bounded in count and in time.
    const deadline = Date.now() + 60_000;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!stop && count < 2_000 && Date.now() < deadline) {
          const token = await buyOne(shop.baseUrl, productId, `b${count++}@mail.in`);
          if (token) acknowledged.push(token);
        }
      }),
    );
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    const beforeBackup = [...acknowledged];
    const config = loadConfig({ ...live, SESSION_SECRET: SECRET });
    const result = await createBackup(config, path.join(dir, "backups"));
    const duringBackup = acknowledged.length - beforeBackup.length;
    stop = true;
    await load;
    expect(result.archive).toMatch(/kesar-backup-.+\.tar\.gz$/);
    expect(result.pictures).toBe(readdirSync(path.join(live.UPLOADS_DIR, "products")).length);

    const restored = {
      DATABASE_URL: `file:${path.join(dir, "restored", "shop.db")}`,
      UPLOADS_DIR: path.join(dir, "restored", "uploads"),
    };
    const { pictures } = await restoreBackup(loadConfig({ ...restored, SESSION_SECRET: SECRET }), result.archive);
    expect(pictures).toBe(result.pictures);
    const handle = openDatabase(restored.DATABASE_URL);
    try {
      const tokens = new Set(
        (await handle.db.selectFrom("orders").select("accessToken").execute()).map((row) => row.accessToken),
      );
      expect(beforeBackup.filter((token) => !tokens.has(token))).toEqual([]);
      // The snapshot is whole: each order it holds has its lines.
      const lineless = await handle.db
        .selectFrom("orders")
        .leftJoin("orderLines", "orderLines.orderId", "orders.id")
        .select("orders.id")
        .where("orderLines.orderId", "is", null)
        .execute();
      expect(lineless).toEqual([]);
    } finally {
      await handle.close();
    }
    console.log(
      `backup under load: ${beforeBackup.length} orders before, ${duringBackup} during; ${(result.bytes / 1024).toFixed(0)} KB in ${result.milliseconds} ms`,
    );
  });

  it("restores only into an empty data folder, and only a Kesar archive", async () => {
    const config = loadConfig({ ...live, SESSION_SECRET: SECRET });
    const archive = (await createBackup(config, path.join(dir, "backups"), new Date(Date.UTC(2030, 0, 1)))).archive;
    await expect(restoreBackup(config, archive)).rejects.toBeInstanceOf(BackupError);
    const elsewhere = loadConfig({
      DATABASE_URL: `file:${path.join(dir, "other", "shop.db")}`,
      UPLOADS_DIR: path.join(dir, "other", "uploads"),
      SESSION_SECRET: SECRET,
    });
    await expect(restoreBackup(elsewhere, path.join(dir, "no-such.tar.gz"))).rejects.toBeInstanceOf(BackupError);
  });

  it("writes the archive for its owner only, and refuses a folder holding an earlier database's WAL", async () => {
    const config = loadConfig({ ...live, SESSION_SECRET: SECRET });
    const { archive } = await createBackup(config, path.join(dir, "private-backups"), new Date(Date.UTC(2031, 0, 1)));
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    // A folder where an earlier shop ran: its database is gone, its write-ahead log is not.
    const stale = path.join(dir, "stale");
    mkdirSync(stale, { recursive: true });
    const staleWal = `${sqlitePath(live.DATABASE_URL)}-wal`;
    if (existsSync(staleWal)) copyFileSync(staleWal, path.join(stale, "shop.db-wal"));
    else writeFileSync(path.join(stale, "shop.db-wal"), Buffer.alloc(4096, 1));
    const target = loadConfig({
      DATABASE_URL: `file:${path.join(stale, "shop.db")}`,
      UPLOADS_DIR: path.join(stale, "uploads"),
      SESSION_SECRET: SECRET,
    });
    const refused = await restoreBackup(target, archive).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/shop\.db-wal/);
    expect(existsSync(path.join(stale, "shop.db"))).toBe(false);

    // Into a clean folder it works, says how many orders it holds, and the file is the owner's alone.
    rmSync(path.join(stale, "shop.db-wal"));
    const restored = await restoreBackup(target, archive);
    const handle = openDatabase(`file:${path.join(stale, "shop.db")}`);
    try {
      const row = await handle.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(restored.orders).toBe(Number(row.n));
    } finally {
      await handle.close();
    }
    expect(statSync(path.join(stale, "shop.db")).mode & 0o777).toBe(0o600);
  });
});
