import { ensureAdmin } from "./accounts/accounts.service.ts";
import { catalogueIsEmpty } from "./catalog/catalog.service.ts";
import type { Config } from "./config.ts";
import type { AppServices } from "./context.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createMailTransport } from "./mail/mail-transport.ts";
import { startMailWorker } from "./mail/mail-worker.ts";
import { LocalStorage } from "./storage/local-storage.ts";

export type RunningServices = AppServices & { close: () => Promise<void> };

/**
 * Everything the shop needs before it takes a request: the database at the latest schema, the
 * administrator account, the demo catalogue when the catalogue is empty, and the worker that
 * delivers the mail outbox.
 */
export async function startServices(config: Config, log: (message: string) => void): Promise<RunningServices> {
  const handle = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(handle.db);
    const storage = new LocalStorage(config.uploadsDir);
    const admin = await ensureAdmin(handle.db, config);
    if (admin.createdWithPassword) {
      log(`Administrator account created: ${admin.email} / ${admin.createdWithPassword}`);
      log("(This password is shown only now. Set ADMIN_PASSWORD to choose your own.)");
    } else {
      log(`Administrator: ${admin.email}`);
    }
    if (config.seedDemo !== false && (await catalogueIsEmpty(handle.db))) {
      // The demo data and its art are loaded only when a shop is seeded.
      const { seedDemoCatalogue } = await import("./demo/seed-demo.ts");
      await seedDemoCatalogue(handle.db, storage, log);
    }
    const mail = startMailWorker(
      {
        db: handle.db,
        transport: createMailTransport(config.mailUrl),
        from: config.mailFrom,
        publicUrl: config.publicUrl,
      },
      {
        onError: (error) => log(`The mail worker stumbled: ${error instanceof Error ? error.message : String(error)}`),
      },
    );
    return {
      config,
      db: handle.db,
      engine: handle.engine,
      storage,
      close: async () => {
        await mail.stop();
        await handle.close();
      },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
