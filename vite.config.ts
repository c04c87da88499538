import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverBoundary } from "./scripts/vite-server-boundary.ts";

export default defineConfig({
  plugins: [
    serverBoundary(),
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: "./server.ts", externalizeServerEntryImports: false }),
  ],
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "127.0.0.1" },
});
