/**
 * `npm run dev:whatsapp`: the local stand-in for the WhatsApp Cloud API
 * (server/testing/local-whatsapp.ts), for trying WhatsApp order updates on your own machine. It
 * takes template messages as Meta's Graph API does, with its refusals, and posts signed status
 * webhooks (sent, delivered, read) to the shop. It prints the settings to start the shop with. It
 * keeps everything in memory, sends nothing to anyone, and refuses to run with NODE_ENV=production.
 *
 * WHATSAPP_PORT (default 4041) is its port; SHOP_URL (default http://localhost:3000) is where it
 * sends webhooks (SHOP_URL/webhooks/whatsapp); WHATSAPP_RECIPIENTS (a comma-separated list of
 * numbers) limits whom it writes to, as a test number's allowed list does (default: anyone);
 * WHATSAPP_STATUSES=duplicated-out-of-order posts each status twice and out of order.
 */
import { readIndianMobile } from "../core/phone.ts";
import { startLocalWhatsapp } from "../server/testing/local-whatsapp.ts";

if (process.env.NODE_ENV === "production") {
  console.error("The local WhatsApp stand-in is for tests and demos only; it does not run with NODE_ENV=production.");
  process.exit(1);
}

const port = Number(process.env.WHATSAPP_PORT ?? 4041);
const shop = (process.env.SHOP_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const recipients = process.env.WHATSAPP_RECIPIENTS?.split(",").flatMap((typed) => {
  const reading = readIndianMobile(typed);
  if (!reading.ok) console.error(`WHATSAPP_RECIPIENTS: ${typed.trim()}: ${reading.message}`);
  return reading.ok ? [reading.number.slice(1)] : [];
});
const order = process.env.WHATSAPP_STATUSES === "duplicated-out-of-order" ? "duplicated-out-of-order" : "in-order";
const whatsapp = await startLocalWhatsapp({
  port,
  webhookUrl: `${shop}/webhooks/whatsapp`,
  recipients: recipients ?? "any",
  statusOrder: order,
  // What the shop sends and what it answers to each status, as they happen: the demo's window.
  log: (line) => console.log(`${new Date().toISOString()}  ${line}`),
});

console.log(`Local WhatsApp Cloud API (a stand-in for Meta's; nothing is sent to anyone) at ${whatsapp.apiUrl}`);
console.log(`Status webhooks (${order}) go to ${whatsapp.webhookUrl}`);
console.log(`It writes to ${recipients ? recipients.join(", ") || "no one" : "any number"}.`);
console.log("\nStart the shop with these settings, in another terminal:\n");
console.log(
  [...Object.entries(whatsapp.settings()).map(([name, value]) => `${name}=${value}`), "npm start"].join(" \\\n  "),
);

const stop = async () => {
  await whatsapp.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
