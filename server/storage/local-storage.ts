import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { assertValidKey, InvalidStorageKeyError, type Storage, type StoredObject } from "./storage.ts";

/**
 * Files on the local disk under one root folder. Writes go to a temporary name first and are then
 * renamed, so a reader never sees half a file.
 */
export class LocalStorage implements Storage {
  readonly #root: string;
  readonly #publicPrefix: string;

  constructor(root: string, publicPrefix = "/uploads") {
    this.#root = path.resolve(root);
    this.#publicPrefix = publicPrefix;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.#pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.part`;
    await writeDurably(temporary, data);
    await rename(temporary, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.#pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const head = await readHead(file);
    return {
      body: createReadStream(file),
      size: info.size,
      contentType: sniffContentType(head),
      modifiedAt: info.mtime,
    };
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathOf(key), { force: true });
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.#publicPrefix}/${key}`;
  }

  #pathOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.#root, key);
    // Belt and braces: whatever the key check missed, nothing outside the root is touched.
    if (!file.startsWith(this.#root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }
}

async function writeDurably(file: string, data: Buffer): Promise<void> {
  const handle = await open(file, "w", 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Everything the shop stores is an image it encoded itself, so the bytes say what it is; keys such as
 * `profileImages/{uid}` carry no extension to go by.
 */
export function sniffContentType(head: Buffer): string {
  if (head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") {
    return "image/webp";
  }
  // An ISO-BMFF file whose brand is avif: bytes 4-8 "ftyp", 8-12 the brand.
  if (head.subarray(4, 8).toString("latin1") === "ftyp" && /^avi[fs]$/.test(head.subarray(8, 12).toString("latin1"))) {
    return "image/avif";
  }
  if (head[0] === 0x89 && head.subarray(1, 4).toString("latin1") === "PNG") return "image/png";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  return "application/octet-stream";
}
