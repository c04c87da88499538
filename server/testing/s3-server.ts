import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type TestBucket = {
  /** A STORAGE_URL naming the bucket on this server. */
  url: string;
  /** The AWS variables the SDK reads: s3rver's fixed test credentials. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/** A real S3-protocol server in this process, on a free port, with one empty bucket. */
export async function startTestBucket(bucket = "kesar-test"): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const env = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1" };
  Object.assign(process.env, env);
  return {
    url: `s3://${bucket}?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`,
    env,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
