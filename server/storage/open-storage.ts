import { LocalStorage } from "./local-storage.ts";
import { parseS3Url, S3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

export type OpenStorage = Storage & { close?: () => void };

/** The store STORAGE_URL names: `file:<folder>` on this machine, or `s3://bucket…` shared by every node. */
export function openStorage(storageUrl: string): OpenStorage {
  if (storageUrl.startsWith("file:")) return new LocalStorage(storageUrl.slice("file:".length));
  return new S3Storage(parseS3Url(storageUrl));
}
