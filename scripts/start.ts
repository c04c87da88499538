/**
 * `npm start`: builds the shop when the build is missing or older than the code, then serves it.
 */
import { buildIfStale } from "./build-if-stale.ts";

process.env.NODE_ENV ??= "production";
const { ConfigError, loadConfig } = await import("#server/config.ts");

try {
  const config = loadConfig();
  buildIfStale();
  const { startServer } = await import("../server.ts");
  await startServer(config);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
