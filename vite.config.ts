import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";
import { serverBoundary } from "./scripts/vite-server-boundary.ts";

export default defineConfig({
  plugins: [
    serverBoundary(),
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: "./server.ts", externalizeServerEntryImports: false }),
    precompress(),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React and React Router in one chunk of their own: it changes only when they are
            // upgraded, so browsers keep it across the shop's own releases.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "127.0.0.1" },
});
