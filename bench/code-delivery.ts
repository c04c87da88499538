/**
 * `npm run bench:code-delivery -- [--asks 20] [--compare <git-ref>]`
 *
 * How long a shopper waits for a sign-in code: from asking (`/login/mobile`) to the SMS in the file
 * outbox, against the shop as `npm start` runs it with two workers on SQLite (the outbox worker runs
 * in the first; each ask comes over a new connection, so the asks alternate between the workers).
 * Each ask follows the previous one's SMS at once, from a network of its own, so each also waits
 * out the spacing between the outbox's looks (record 49): a lone shopper waits less. Prints the
 * answer's and the SMS's times (median and slowest); with --compare, the same against that
 * commit's build.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, startShopProcess } from "../scripts/shop-process.ts";
import { checkoutOf } from "./load/shop-under-test.ts";
import { median } from "./median.ts";

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const asks = Number(argument("asks", "20"));
const compare = argument("compare", "");
// An SMS that has not come within this long is reported as lost, and the run stops.
const GIVE_UP_MS = 10_000;

/** Asks for a code for `phone` from `address`, over a connection of its own; answers the status. */
function askForCode(baseUrl: string, phone: string, address: string): Promise<number> {
  const form = new URLSearchParams({ intent: "send", phone }).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}/login/mobile`, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(form),
        origin: baseUrl,
        "x-forwarded-for": address,
      },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(form);
  });
}

function smsFiledFor(folder: string, phone: string): boolean {
  if (!existsSync(folder)) return false;
  return readdirSync(folder).some((name) => readFileSync(path.join(folder, name), "utf8").includes(phone));
}

async function measure(label: string, checkout: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "kesar-code-delivery-"));
  const smsFolder = path.join(dir, "sms");
  const shop = await startShopProcess(
    {
      DATABASE_URL: `file:${path.join(dir, "shop.db")}`,
      WEB_CONCURRENCY: "2",
      SEED_DEMO: "false",
      TRUST_PROXY: "1",
      SMS_URL: `file:${smsFolder}`,
      MAIL_URL: `file:${path.join(dir, "outbox")}`,
    },
    checkout,
  );
  const answered: number[] = [];
  const filed: number[] = [];
  try {
    for (let ask = 0; ask < asks; ask++) {
      const phone = `9${String(812_000_000 + ask).padStart(9, "0")}`;
      const started = performance.now();
      const status = await askForCode(shop.baseUrl, phone, `198.18.${ask >> 8}.${(ask & 255) + 1}`);
      if (status !== 200) throw new Error(`Asking for a code answered ${status}.`);
      answered.push(performance.now() - started);
      while (!smsFiledFor(smsFolder, phone)) {
        if (performance.now() - started > GIVE_UP_MS) throw new Error(`No SMS to ${phone} within ${GIVE_UP_MS} ms.`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      filed.push(performance.now() - started);
    }
  } finally {
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `${label.padEnd(16)} ${asks} codes: answered in ${ms(median(answered))} (slowest ${ms(Math.max(...answered))}), ` +
      `SMS filed ${ms(median(filed))} after asking (slowest ${ms(Math.max(...filed))})`,
  );
}

await measure("this checkout", ROOT);
if (compare) await measure(compare, checkoutOf(ROOT, compare));
