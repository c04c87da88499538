/**
 * `npm run bench:mail`: how many messages a second the outbox worker delivers, from a SQLite
 * database, to the file outbox (the default) and to an SMTP server in this process. Each run
 * queues BENCH_MAILS order confirmations and times the worker's batches until the outbox is empty.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Db } from "#server/db/schema.ts";
import { deliverDueMail, queueMail } from "#server/mail/mail.service.ts";
import { createMailTransport } from "#server/mail/mail-transport.ts";
import { shopLinkMaker } from "#server/mail-links.ts";
import { startSmtpSink } from "#server/testing/smtp-sink.ts";

const MAILS = Number(process.env.BENCH_MAILS ?? 500);

async function queueOrders(db: Db, count: number) {
  for (let i = 0; i < count; i++) {
    await queueMail(db, {
      kind: "order-placed",
      to: `buyer${i}@bench.test`,
      payload: {
        orderNumber: `KS-${100000 + i}`,
        name: "Bench Buyer",
        lines: [
          { title: "Zainab Embroidered Lawn 3-Piece Suit", size: "M", quantity: 1, lineTotal: 429_900 },
          { title: "Kundan Jhumka Earrings", size: "One Size", quantity: 2, lineTotal: 179_800 },
        ],
        subtotal: 609_700,
        shipping: 10_000,
        pointsRedeemed: 0,
        pointsEarned: 60,
        total: 619_700,
        address: "Flat 7, Palm Court, Linking Road, Bandra West, Mumbai",
        pincode: "400050",
        phone: "9820012345",
        orderPath: `/orders/token${i}`,
        invoicePath: null,
        isGuest: true,
      },
    });
  }
}

async function measure(label: string, mailUrl: string, check: () => number) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-mail-"));
  const handle = openDatabase(`file:${path.join(dir, "shop.db")}`);
  try {
    await migrateToLatest(handle.db);
    await queueOrders(handle.db, MAILS);
    const delivery = {
      db: handle.db,
      transport: createMailTransport(mailUrl),
      from: "Kesar <orders@bench.test>",
      publicUrl: "http://localhost:3000",
      makeLink: shopLinkMaker(handle.db),
    };
    const started = performance.now();
    let sent = 0;
    for (let batch = 0; batch < MAILS; batch++) {
      const delivered = await deliverDueMail(delivery);
      if (delivered === 0) break;
      sent += delivered;
    }
    const seconds = (performance.now() - started) / 1000;
    delivery.transport.close();
    console.log(
      `${label.padEnd(22)} ${sent} mails in ${seconds.toFixed(2)} s = ${(sent / seconds).toFixed(0)} mails/s (arrived: ${check()})`,
    );
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Delivering ${MAILS} order confirmations (HTML + text, rendered with React Email) from SQLite:`);
const folder = mkdtempSync(path.join(tmpdir(), "bench-outbox-"));
await measure("file outbox", `file:${folder}`, () => readdirSync(folder).filter((n) => n.endsWith(".eml")).length);
rmSync(folder, { recursive: true, force: true });
const sink = await startSmtpSink();
await measure("SMTP (in-process)", sink.url, () => sink.received.length);
await sink.close();
