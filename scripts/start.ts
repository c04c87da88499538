/**
 * `npm start`: builds the shop when the build is missing or older than the code, then serves it
 * from WEB_CONCURRENCY worker processes (by default one per core) under a primary that sets their
 * memory limits and replaces one that dies. An in-memory database lives in one process: it is
 * served by this one.
 */
import cluster from "node:cluster";
import { enableCompileCache } from "node:module";
import { buildIfStale } from "./build-if-stale.ts";

// Every worker, and every replacement of one that died, compiles the same server code: V8 keeps
// what it compiled on disk (in the system's temporary folder) for the next start, which takes
// about a third off a worker's start (4.2 s to 3.0 s for a one-worker shop on this machine).
enableCompileCache();
process.env.NODE_ENV ??= "production";
const { ConfigError, loadConfig } = await import("#server/config.ts");

try {
  const config = loadConfig();
  if (cluster.isWorker) {
    const { WORKER_INDEX_VARIABLE } = await import("#server/cluster.ts");
    const { startServer } = await import("../server.ts");
    const index = process.env[WORKER_INDEX_VARIABLE];
    await startServer(config, { prepare: false, backgroundWork: index === "1", announce: false });
  } else {
    buildIfStale();
    if (config.databaseUrl !== "file::memory:") {
      const { runCluster } = await import("#server/cluster.ts");
      await runCluster(config, (message) => console.log(message));
    } else {
      const { startServer } = await import("../server.ts");
      await startServer(config);
    }
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
