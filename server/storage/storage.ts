import type { Readable } from "node:stream";

export type StoredObject = {
  body: Readable;
  size: number;
  contentType: string;
  modifiedAt: Date;
};

/**
 * Where uploaded and generated files live. Keys are relative paths such as `products/ab12-640.webp`
 * or `profileImages/{uid}`; a key can never name anything outside the store.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** The public URL the browser loads the file from. */
  url(key: string): string;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could climb out of the store: `..`, absolute paths, backslashes, empty segments. */
export function assertValidKey(key: string): void {
  if (key.length > 300 || !KEY_PATTERN.test(key) || key.split("/").some((segment) => segment.startsWith(".."))) {
    throw new InvalidStorageKeyError(key);
  }
}

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}
