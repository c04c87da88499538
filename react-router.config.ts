import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Every route is known from the first page (a 28 KB module, 2 KB compressed) rather than
  // discovered later: lazily, each page asked /__manifest about its links and fetchers after it
  // came alive, work a phone's main thread paid in the seconds after the first paint (record 18, §19).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
