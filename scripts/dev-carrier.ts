/**
 * `npm run dev:carrier`: the local stand-in for Shiprocket (server/testing/local-courier.ts), for
 * trying courier booking and tracking on your own machine. It prints the settings to start the shop
 * with, and plays each booked parcel's life through the status webhook, one step every few seconds.
 * It keeps everything in memory, moves no parcel, and refuses to run with NODE_ENV=production.
 *
 * CARRIER_PORT (default 4050) is its port; SHOP_URL (default http://localhost:3000) is where it
 * sends webhooks (SHOP_URL/webhooks/shipments); CARRIER_STEP_SECONDS (default 5) is how often each
 * parcel moves on. A parcel's life is chosen by a marker in its order number or address: life:ndr
 * (a failed attempt, then delivered), life:rto (three failed attempts, then back to the seller),
 * with +dup, +shuffle or +chaos for repeated and out-of-order webhooks; otherwise it is delivered.
 */
import { LocalCourier } from "../server/testing/local-courier.ts";

if (process.env.NODE_ENV === "production") {
  console.error("The local courier is for tests and demos only; it does not run with NODE_ENV=production.");
  process.exit(1);
}

const port = Number(process.env.CARRIER_PORT ?? 4050);
const shop = (process.env.SHOP_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const stepSeconds = Number(process.env.CARRIER_STEP_SECONDS ?? 5);
const courier = await new LocalCourier({ webhookUrl: `${shop}/webhooks/shipments` }).start(port);
const settings = courier.settings();
const stopPlaying = courier.autoplay(stepSeconds * 1000);

console.log(`Local courier (a stand-in for Shiprocket; no parcel moves) at ${courier.url}`);
console.log(`Status webhooks go to ${courier.webhookUrl}, one step every ${stepSeconds} s per parcel`);
console.log("\nStart the shop with these settings, in another terminal:\n");
console.log(
  [
    `SHIPROCKET_EMAIL=${settings.email}`,
    `SHIPROCKET_PASSWORD=${settings.password}`,
    `SHIPROCKET_PICKUP_LOCATION="${settings.pickupLocation}"`,
    `SHIPROCKET_WEBHOOK_TOKEN=${settings.webhookToken}`,
    `SHIPROCKET_API_URL=${settings.apiUrl}`,
    "npm start",
  ].join(" \\\n  "),
);

const stop = async () => {
  stopPlaying();
  await courier.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
