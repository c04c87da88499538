import { pathToFileURL } from "node:url";
import type { ViteDevServer } from "vite";
import { type StartOptions, startServices } from "#server/bootstrap.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { createApp } from "#server/http/app.ts";
import { drainableConnections } from "#server/http/connection-drain.ts";

/** How long requests in flight may take to finish when the shop stops. */
const DRAIN_GRACE_MS = 10_000;

/** Builds the shop's server. The development server calls this with Vite; production without. */
export async function createServer(vite?: ViteDevServer, config: Config = loadConfig(), options: StartOptions = {}) {
  const services = await startServices(config, (message) => console.log(message), options);
  const app = await createApp({ services, vite });
  app.addHook("onClose", async () => services.close());
  return app;
}

/**
 * Starts the shop on HOST:PORT and stops it cleanly on Ctrl-C or SIGTERM (or, in a cluster's
 * worker, when the primary goes away).
 */
export async function startServer(
  config: Config = loadConfig(),
  { announce = true, ...options }: StartOptions & { announce?: boolean } = {},
) {
  const app = await createServer(undefined, config, options);
  const connections = drainableConnections(app.server);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // On a random port (PORT=0) the default public address is known only now.
  if (config.publicUrl.endsWith(":0")) config.publicUrl = config.publicUrl.replace(/:0$/, `:${port}`);
  if (announce) console.log(`Kesar is open at http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`);
  let closing: Promise<void> | undefined;
  const stop = async () => {
    // In-flight requests finish; new connections are refused. A client that holds a connection
    // open past the grace period (an unread response, a stalled upload) is cut off.
    app.log.info("Stopping: finishing the requests in flight");
    setTimeout(() => app.server.closeAllConnections(), DRAIN_GRACE_MS).unref();
    closing ??= app.close();
    connections.closeWhenAnswered();
    await closing;
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.once("disconnect", stop);
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await startServer();
}
