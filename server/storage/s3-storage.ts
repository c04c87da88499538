import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertValidKey, type Storage, type StoredObject } from "./storage.ts";

export type S3Location = {
  bucket: string;
  /** A key prefix inside the bucket ("" for none). */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
};

/**
 * `s3://bucket/optional/prefix?endpoint=https://…&region=…&forcePathStyle=true` → where the files
 * go. Credentials are not in the URL: the SDK reads the standard AWS variables (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, or a role).
 */
export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== "s3:" || !parsed.hostname)
    throw new Error("must be s3://bucket[/prefix][?endpoint=…&region=…]");
  const endpoint = parsed.searchParams.get("endpoint") ?? undefined;
  return {
    bucket: parsed.hostname,
    prefix: parsed.pathname.replace(/^\/+|\/+$/g, ""),
    ...(endpoint ? { endpoint } : {}),
    region: parsed.searchParams.get("region") ?? process.env.AWS_REGION ?? "us-east-1",
    forcePathStyle: parsed.searchParams.get("forcePathStyle") === "true",
  };
}

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), so that every node of the shop
 * sees the same pictures. Keys are checked as on disk; names are content-derived, so an object is
 * written once and never changes.
 */
export class S3Storage implements Storage {
  readonly #client: S3Client;
  readonly #location: S3Location;
  readonly #publicPrefix: string;

  constructor(location: S3Location, publicPrefix = "/uploads", client?: S3Client) {
    this.#location = location;
    this.#publicPrefix = publicPrefix;
    this.#client =
      client ??
      new S3Client({
        region: location.region,
        forcePathStyle: location.forcePathStyle,
        ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#location.bucket,
        Key: this.#keyOf(key),
        Body: data,
        ContentType: contentType,
        // As the shop itself serves them, for a CDN or a browser fetching the bucket directly.
        CacheControl: key.startsWith("profileImages/") ? "private, no-cache" : "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#location.bucket, Key: this.#keyOf(key) }),
      );
      if (!object.Body) return null;
      return {
        body: object.Body as Readable,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? "application/octet-stream",
        modifiedAt: object.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#location.bucket, Key: this.#keyOf(key) }));
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.#publicPrefix}/${key}`;
  }

  /** Lets go of the client's connections. */
  close(): void {
    this.#client.destroy();
  }

  #keyOf(key: string): string {
    assertValidKey(key);
    return this.#location.prefix ? `${this.#location.prefix}/${key}` : key;
  }
}
