import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The shop's measurements, in Prometheus form: one registry per process. Services count what
 * they decide (orders, refusals); the HTTP layer times requests; the rest is read at scrape time.
 */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics, prefix: "kesar_" });

export const httpRequests = new Histogram({
  name: "kesar_http_request_duration_seconds",
  help: "Time to answer a request, by method, route and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metrics],
});

export const ordersPlaced = new Counter({
  name: "kesar_orders_placed_total",
  help: "Orders placed by this process.",
  labelNames: ["buyer"] as const,
  registers: [metrics],
});

export const checkoutRefusals = new Counter({
  name: "kesar_checkout_refusals_total",
  help: "Checkouts refused, by reason (the error code the buyer was shown).",
  labelNames: ["reason"] as const,
  registers: [metrics],
});

/** A gauge read when Prometheus scrapes: the value comes from `read`, whatever it costs then. */
export function gaugeAtScrape(name: string, help: string, read: () => Promise<number> | number): Gauge {
  const existing = metrics.getSingleMetric(name);
  if (existing) metrics.removeSingleMetric(name);
  return new Gauge({
    name,
    help,
    registers: [metrics],
    async collect() {
      this.set(await read());
    },
  });
}
