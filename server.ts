import { pathToFileURL } from "node:url";
import type { ViteDevServer } from "vite";
import { startServices } from "#server/bootstrap.ts";
import { type Config, loadConfig } from "#server/config.ts";
import { createApp } from "#server/http/app.ts";

/** Builds the shop's server. The development server calls this with Vite; production without. */
export async function createServer(vite?: ViteDevServer, config: Config = loadConfig()) {
  const services = await startServices(config, (message) => console.log(message));
  const app = await createApp({ services, vite });
  app.addHook("onClose", async () => services.close());
  return app;
}

/** Starts the shop on HOST:PORT and stops it cleanly on Ctrl-C or SIGTERM. */
export async function startServer(config: Config = loadConfig()) {
  const app = await createServer(undefined, config);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // On a random port (PORT=0) the default public address is known only now.
  if (config.publicUrl.endsWith(":0")) config.publicUrl = config.publicUrl.replace(/:0$/, `:${port}`);
  console.log(`Kesar is open at http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await startServer();
}
