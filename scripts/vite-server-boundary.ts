import path from "node:path";
import type { Plugin } from "vite";

/**
 * The line between the browser's code and the server's, kept by the build:
 * - in the server build, every module under `server/` stays outside the bundle and is imported as
 *   `#server/…` at run time, so the shop runs one copy of each server module (one AppError class,
 *   one context token) whether a route or `server.ts` reached it;
 * - in the client build, importing anything under `server/` fails the build, so no server code,
 *   secret or SQL can reach the browser by accident.
 */
export function serverBoundary(root: string = process.cwd()): Plugin {
  const serverDir = path.join(path.resolve(root), "server") + path.sep;
  let building = false;
  return {
    name: "kesar-server-boundary",
    enforce: "pre",
    configResolved(config) {
      building = config.command === "build";
    },
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith("\0") || source.startsWith("virtual:")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const file = resolved?.id.split("?")[0];
      if (!file?.startsWith(serverDir)) return null;
      if (this.environment.config.consumer === "client") {
        this.error(
          `Client code must not import server code: ${path.relative(root, importer)} imports "${source}". ` +
            "Only loaders and actions may use server modules.",
        );
      }
      if (!building) return null;
      const relative = path.relative(serverDir, file).split(path.sep).join("/");
      return { id: `#server/${relative}`, external: true };
    },
  };
}
