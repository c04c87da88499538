import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { LocalStorage } from "../storage/local-storage.ts";

/**
 * Stored files for a test file's services, in a folder of its own that goes when the file's (or the
 * describe block's) tests are done: a run leaves nothing behind in the system's temp folder.
 */
export function scratchStorage(prefix: string): LocalStorage {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return new LocalStorage(folder);
}
