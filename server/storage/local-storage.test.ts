import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { LocalStorage } from "./local-storage.ts";
import { avifFromWebp, checkUploadedImage, storeProfilePhoto, storeShapedImage } from "./shaped-images.ts";
import { InvalidStorageKeyError, type Storage } from "./storage.ts";

const parent = mkdtempSync(path.join(tmpdir(), "storage-test-"));
const root = path.join(parent, "uploads");
const storage: Storage = new LocalStorage(root);
// A file beside the store that no key may reach.
writeFileSync(path.join(parent, "secret.txt"), "do not read");

afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("local storage", () => {
  it("stores, reads back with a content type from the bytes, and deletes", async () => {
    const picture = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    await storage.put("profileImages/abc123", picture, "image/webp");
    const stored = await storage.get("profileImages/abc123");
    expect(stored?.contentType).toBe("image/webp");
    expect(stored?.size).toBe(picture.length);
    stored?.body.destroy();
    expect(storage.url("profileImages/abc123")).toBe("/uploads/profileImages/abc123");
    await storage.delete("profileImages/abc123");
    expect(await storage.get("profileImages/abc123")).toBeNull();
  });

  it("refuses every key that could leave its folder", async () => {
    const attacks = [
      "../secret.txt",
      "products/../../secret.txt",
      "/etc/passwd",
      "..",
      "products/..",
      "products\\..\\..\\secret.txt",
      "products//x",
      ".hidden",
      "products/%2e%2e/secret.txt",
      "",
    ];
    for (const key of attacks) {
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(readFileSync(path.join(parent, "secret.txt"), "utf8")).toBe("do not read");
  });
});

describe("pictures", () => {
  it("accepts JPEG, PNG and WebP by their content and refuses anything else, whatever it is called", async () => {
    const base = sharp({ create: { width: 20, height: 20, channels: 3, background: "#c9a227" } });
    for (const data of [
      await base.clone().jpeg().toBuffer(),
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
    ]) {
      await checkUploadedImage(data);
    }
    for (const data of [
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      Buffer.from("GIF89a...."),
      Buffer.from("hello"),
    ]) {
      const error = await checkUploadedImage(data).catch((caught: unknown) => caught);
      expect(error instanceof AppError && error.code).toBe("unsupported-media-type");
    }
    const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1);
    const error = await checkUploadedImage(tooBig).catch((caught: unknown) => caught);
    expect(error instanceof AppError && error.code).toBe("payload-too-large");
  });

  it("re-encodes an upload as WebP and AVIF at every width of its shape, without its metadata", async () => {
    const photo = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: "#884422" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "someone" } } })
      .toBuffer();
    const ref = await storeShapedImage(storage, "products", "product", photo);
    expect(ref).toMatch(/^products\/[0-9a-f]{20}$/);
    for (const width of [320, 640, 960]) {
      for (const [extension, format] of [
        ["webp", "webp"],
        ["avif", "heif"],
      ]) {
        const file = path.join(root, `${ref}-${width}.${extension}`);
        expect(existsSync(file), file).toBe(true);
        const metadata = await sharp(file).metadata();
        expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
          format,
          width,
          width * 1.25,
          undefined,
        ]);
      }
    }
    const webpOnly = await storeShapedImage(storage, "home", "tile", photo, { avif: false });
    expect(existsSync(path.join(root, `${webpOnly}-640.avif`))).toBe(false);
    // A picture stored without AVIF gets it when first asked for, and only where a WebP stands.
    expect(await avifFromWebp(storage, `${webpOnly}-640.avif`)).toBe(true);
    expect((await sharp(path.join(root, `${webpOnly}-640.avif`)).metadata()).format).toBe("heif");
    expect((await storage.get(`${webpOnly}-640.avif`))?.contentType).toBe("image/avif");
    expect(await avifFromWebp(storage, "home/0000000000000000000f-640.avif")).toBe(false);
    const key = await storeProfilePhoto(storage, "user42", photo);
    expect(key).toBe("profileImages/user42");
  });
});
