/**
 * `npm run dev:gateway`: the local stand-in for Razorpay (server/testing/local-gateway.ts), for
 * trying online payment on your own machine. It prints the settings to start the shop with. It
 * keeps everything in memory, moves no money, and refuses to run with NODE_ENV=production.
 *
 * GATEWAY_PORT (default 4040) is its port; SHOP_URL (default http://localhost:3000) is where it
 * sends webhooks (SHOP_URL/webhooks/razorpay).
 */
import { LocalGateway } from "../server/testing/local-gateway.ts";

if (process.env.NODE_ENV === "production") {
  console.error("The local payment gateway is for tests and demos only; it does not run with NODE_ENV=production.");
  process.exit(1);
}

const port = Number(process.env.GATEWAY_PORT ?? 4040);
const shop = (process.env.SHOP_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const gateway = await new LocalGateway({ webhookUrl: `${shop}/webhooks/razorpay` }).start(port);
const settings = gateway.settings();

console.log(`Local payment gateway (a stand-in for Razorpay; no real money) at ${gateway.url}`);
console.log(`Webhooks go to ${gateway.webhookUrl}`);
console.log("\nStart the shop with these settings, in another terminal:\n");
console.log(
  [
    `RAZORPAY_KEY_ID=${settings.keyId}`,
    `RAZORPAY_KEY_SECRET=${settings.keySecret}`,
    `RAZORPAY_WEBHOOK_SECRET=${settings.webhookSecret}`,
    `RAZORPAY_API_URL=${settings.apiUrl}`,
    `RAZORPAY_CHECKOUT_URL=${settings.checkoutUrl}`,
    "npm start",
  ].join(" \\\n  "),
);

const stop = async () => {
  await gateway.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
