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
  // The islands of the HTML-first pages (app/islands, decision record 48) are built as a script of
  // their own, without React, through a worker's URL import; as modules, so they can load code late.
  worker: { format: "es" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React and React Router in one chunk of their own: it changes only when they are
            // upgraded, so browsers keep it across the shop's own releases. The components, icons
            // and vocabulary that several pages share go in one chunk too: left to themselves they
            // became some forty files of 1–3 KB, each a request a slow phone waits on before the
            // page's largest picture (HTTP/1.1 opens six connections at a time).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                {
                  name: "shared",
                  test: /[\\/](app[\\/](components|lib)|core)[\\/]|node_modules[\\/](lucide-react|sonner)[\\/]/,
                  minShareCount: 2,
                  priority: 1,
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
