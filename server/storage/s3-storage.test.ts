import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBucket, type TestBucket } from "../testing/s3-server.ts";
import { copyLocalStore } from "./copy-store.ts";
import { openStorage } from "./open-storage.ts";
import { parseS3Url, type S3Storage } from "./s3-storage.ts";
import { avifFromWebp, storeShapedImage } from "./shaped-images.ts";
import { InvalidStorageKeyError } from "./storage.ts";

async function bytesOf(stored: { body: NodeJS.ReadableStream } | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stored?.body ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("pictures in an S3 bucket (a real S3-protocol server in this process)", () => {
  let bucket: TestBucket;
  let storage: S3Storage;

  beforeAll(async () => {
    bucket = await startTestBucket();
    storage = openStorage(bucket.url) as S3Storage;
  });
  afterAll(async () => {
    storage?.close();
    await bucket?.close();
  });

  it("reads STORAGE_URL's bucket, prefix, endpoint, region and path style", () => {
    expect(parseS3Url("s3://shop-pictures/kesar/?endpoint=https://r2.example&region=auto&forcePathStyle=true")).toEqual(
      {
        bucket: "shop-pictures",
        prefix: "kesar",
        endpoint: "https://r2.example",
        region: "auto",
        forcePathStyle: true,
      },
    );
    expect(() => parseS3Url("http://bucket")).toThrow();
  });

  it("stores, reads back with its type, size and date, and deletes", async () => {
    const picture = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    await storage.put("profileImages/abc123", picture, "image/webp");
    const stored = await storage.get("profileImages/abc123");
    expect(stored?.contentType).toBe("image/webp");
    expect(stored?.size).toBe(picture.length);
    expect(stored?.modifiedAt.getTime()).toBeGreaterThan(0);
    expect((await bytesOf(stored)).equals(picture)).toBe(true);
    expect(storage.url("profileImages/abc123")).toBe("/uploads/profileImages/abc123");
    await storage.delete("profileImages/abc123");
    expect(await storage.get("profileImages/abc123")).toBeNull();
    expect(await storage.get("products/never-stored-320.webp")).toBeNull();
  });

  it("refuses the keys the disk store refuses", async () => {
    for (const key of ["../secret.txt", "products/../../x", "/etc/passwd", "products//x", ".hidden", ""]) {
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
  });

  it("keeps shaped pictures at every width in WebP and AVIF, and makes a missing AVIF from its WebP", async () => {
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#884422" } })
      .jpeg()
      .toBuffer();
    const ref = await storeShapedImage(storage, "products", "product", photo);
    for (const width of [320, 640, 960]) {
      expect((await storage.get(`${ref}-${width}.webp`))?.contentType, `${width} webp`).toBe("image/webp");
      expect((await storage.get(`${ref}-${width}.avif`))?.contentType, `${width} avif`).toBe("image/avif");
    }
    const webpOnly = await storeShapedImage(storage, "home", "tile", photo, { avif: false });
    expect(await storage.get(`${webpOnly}-640.avif`)).toBeNull();
    expect(await avifFromWebp(storage, `${webpOnly}-640.avif`)).toBe(true);
    expect((await sharp(await bytesOf(await storage.get(`${webpOnly}-640.avif`))).metadata()).format).toBe("heif");
  });

  it("copies a local picture store into the bucket under the same keys", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "local-store-"));
    try {
      mkdirSync(path.join(folder, "products"), { recursive: true });
      const picture = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } })
        .png()
        .toBuffer();
      writeFileSync(path.join(folder, "products", "abc-320.webp"), picture);
      writeFileSync(path.join(folder, "products", "half-written.webp.1a2b.part"), "x");
      expect(await copyLocalStore(folder, storage)).toBe(1);
      const copied = await storage.get("products/abc-320.webp");
      expect(copied?.contentType).toBe("image/png");
      expect((await bytesOf(copied)).equals(picture)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
