import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // The context token must be one module instance shared by server.ts and the route modules.
    fastifyReactRouterDev({ entry: "./server.ts", externalizeServerEntryImports: ["#app-context"] }),
  ],
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "127.0.0.1" },
});
