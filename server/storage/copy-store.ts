import { readdir } from "node:fs/promises";
import path from "node:path";
import { LocalStorage } from "./local-storage.ts";
import type { Storage } from "./storage.ts";

/**
 * Copies every file of a local picture store into another store (a bucket), under the same keys,
 * for moving a shop from one machine to several. Files already there are copied again, which is
 * harmless: a key's content never changes. Answers how many files were copied.
 */
export async function copyLocalStore(folder: string, target: Storage, log: (message: string) => void = () => {}) {
  const source = new LocalStorage(folder);
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  let copied = 0;
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith(".part")) continue;
    const key = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    const stored = await source.get(key).catch(() => null);
    if (!stored) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    await target.put(key, Buffer.concat(chunks), stored.contentType);
    copied++;
    if (copied % 100 === 0) log(`${copied} files copied…`);
  }
  return copied;
}
