import { type Config, loadConfig } from "../config.ts";

/** A configuration for service tests: nothing read from the machine's environment. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: "file::memory:",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    UPLOADS_DIR: "/tmp/unused-uploads",
    ...env,
  });
}
