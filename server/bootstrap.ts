import { ensureOwner } from "./accounts/accounts.service.ts";
import { phoneCodeAtSending } from "./accounts/phone-sign-in.service.ts";
import { staffAccounts } from "./accounts/staff-accounts.service.ts";
import { catalogueIsEmpty } from "./catalog/catalog.service.ts";
import { startPictureWorker } from "./catalog/csv/picture-fetches.ts";
import type { Config } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.ts";
import { migrateToLatest, withSchemaLock } from "./db/migrate.ts";
import type { Db } from "./db/schema.ts";
import { createMailTransport } from "./mail/mail-transport.ts";
import { startMailWorker } from "./mail/mail-worker.ts";
import { shopLinkMaker } from "./mail-links.ts";
import { startMessagingWorker } from "./messaging/messaging-worker.ts";
import { createSmsTransport } from "./messaging/sms-transport.ts";
import { createWhatsappTransport } from "./messaging/whatsapp-transport.ts";
import { openOrderEventSignal } from "./orders/order-feed.ts";
import type { PaymentGateway } from "./payments/gateway.ts";
import { startPaymentWorker } from "./payments/payment-worker.ts";
import { paymentGatewayFor } from "./payments/razorpay.ts";
import type { AppServices } from "./services.ts";
import type { CarrierProvider } from "./shipping/carrier.ts";
import { carrierFor } from "./shipping/shiprocket.ts";
import { startShippingWorker } from "./shipping/tracking-job.ts";
import { composeShopProcesses } from "./shop-processes.ts";
import { startLowStockDigest } from "./stock/low-stock-digest.ts";
import { openStorage } from "./storage/open-storage.ts";
import type { Storage } from "./storage/storage.ts";

export type RunningServices = AppServices & { close: () => Promise<void> };

/** The database handle's parts that services reach. */
function handlesOf(handle: DatabaseHandle) {
  return { db: handle.db, engine: handle.engine, ...(handle.poolStats ? { poolStats: handle.poolStats } : {}) };
}

export type StartOptions = {
  /** False when another process (the cluster's primary) has already prepared the database. */
  prepare?: boolean;
  /** False in all but one worker of a cluster: the mail and message outboxes need one deliverer per machine. */
  backgroundWork?: boolean;
};

/**
 * The database at the latest schema, the administrator account, and the demo catalogue when the
 * catalogue is empty: done once, before any request is taken.
 */
export async function prepareDatabase(config: Config, log: (message: string) => void): Promise<void> {
  const handle = openDatabase(config.databaseUrl);
  try {
    await prepare(handle.db, config, log);
  } finally {
    await handle.close();
  }
}

/**
 * Nodes that start together on one PostgreSQL database take turns (an advisory lock), so the
 * administrator and the demo catalogue are made once.
 */
async function prepare(db: Db, config: Config, log: (message: string) => void): Promise<void> {
  await withSchemaLock(db, () => prepareSteps(db, config, log));
}

async function prepareSteps(db: Db, config: Config, log: (message: string) => void): Promise<void> {
  await migrateToLatest(db);
  const admin = await ensureOwner(db, config);
  if (admin.createdWithPassword) {
    log(`Owner account created: ${admin.email} / ${admin.createdWithPassword}`);
    log("(This password is shown only now. Set ADMIN_PASSWORD to choose your own.)");
  } else {
    log(`Owner: ${admin.email}`);
  }
  if (config.seedDemo !== false && (await catalogueIsEmpty(db))) {
    // The demo data and its art are loaded only when a shop is seeded.
    const { seedDemoCatalogue } = await import("./demo/seed-demo.ts");
    const storage = openStorage(config.storageUrl);
    try {
      await seedDemoCatalogue(db, storage, log, { plainPictures: config.seedDemo === "plain" });
    } finally {
      storage.close?.();
    }
  }
}

/**
 * The payment jobs (with a gateway), the shipping jobs (with a courier), the imported pictures'
 * fetcher and the owner's low-stock digest (record 46), in the background.
 */
function startJobs(
  shop: { db: Db; storage: Storage; config: Config },
  payments: PaymentGateway | null,
  carrier: CarrierProvider | null,
  log: (message: string) => void,
): { stop: () => Promise<void> } {
  const { db, storage, config } = shop;
  const stumbled = (what: string) => (error: unknown) =>
    log(`The ${what} stumbled: ${error instanceof Error ? error.message : String(error)}`);
  const paymentJobs = payments ? startPaymentWorker(db, payments, { onError: stumbled("payment jobs") }) : null;
  const shippingJobs = carrier ? startShippingWorker(db, carrier, { onError: stumbled("shipping jobs") }) : null;
  const pictures = startPictureWorker({ db, storage }, { onError: stumbled("picture fetcher") });
  // To the staff whose role is Owner (record 45); the account the shop was set up with before any.
  const owners = async () => {
    const emails = (await staffAccounts(db)).filter((user) => user.role === "owner").map((user) => user.email);
    return emails.length > 0 ? emails : [config.adminEmail];
  };
  const digest = startLowStockDigest({ db, ownerAddresses: owners }, { onError: stumbled("low-stock digest") });
  return {
    stop: async () => {
      await shippingJobs?.stop();
      await paymentJobs?.stop();
      await pictures.stop();
      await digest.stop();
    },
  };
}

/**
 * Everything the shop needs before it takes a request: the database prepared (unless another
 * process did it), the stored files, and the worker that delivers the mail outbox.
 */
export async function startServices(
  config: Config,
  log: (message: string) => void,
  { prepare: shouldPrepare = true, backgroundWork = true }: StartOptions = {},
): Promise<RunningServices> {
  // Before anything can move an order: the rooms' guards and effects, in their order (record 37).
  composeShopProcesses();
  const handle = openDatabase(config.databaseUrl, {
    onConnectionError: (error) => log(`A database connection broke (${error.message}); the next query opens another.`),
  });
  try {
    if (shouldPrepare) await prepare(handle.db, config, log);
    const storage = openStorage(config.storageUrl);
    const orderEvents = openOrderEventSignal(config.databaseUrl);
    const payments = paymentGatewayFor(config.payments.razorpay);
    const carrier = carrierFor(config.shiprocket);
    const shared = { ...handlesOf(handle), config, storage, orderEvents, payments, carrier };
    const closeShared = async () => {
      await orderEvents.close();
      storage.close?.();
      await handle.close();
    };
    if (!backgroundWork) return { ...shared, close: closeShared };
    const mail = startMailWorker(
      {
        db: handle.db,
        transport: createMailTransport(config.mailUrl),
        from: config.mailFrom,
        publicUrl: config.publicUrl,
        makeLink: shopLinkMaker(handle.db),
      },
      {
        onError: (error) => log(`The mail worker stumbled: ${error instanceof Error ? error.message : String(error)}`),
      },
    );
    const { messaging } = config;
    const texts = startMessagingWorker(
      {
        db: handle.db,
        sms: createSmsTransport(messaging.sms),
        smsTemplates: messaging.smsTemplates,
        whatsapp: messaging.whatsapp ? createWhatsappTransport(messaging.whatsapp) : null,
        publicUrl: config.publicUrl,
        valuesAtSending: phoneCodeAtSending(handle.db, config.sessionSecret),
      },
      {
        onError: (error) =>
          log(`The SMS and WhatsApp worker stumbled: ${error instanceof Error ? error.message : String(error)}`),
      },
    );
    const jobs = startJobs({ db: handle.db, storage, config }, payments, carrier, log);
    return {
      ...shared,
      close: async () => {
        await jobs.stop();
        await texts.stop();
        await mail.stop();
        await closeShared();
      },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
