import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

import type { S3Settings } from "../s3-config.ts";

/** A real S3 protocol server (s3rver) on loopback for tests, keeping its objects in a temporary folder. */
export type S3Peer = {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** S3_* settings for a bucket on this peer (made when the peer starts), with s3rver's fixed keys. */
  settings(bucket?: string): S3Settings;
  /** The folder s3rver keeps buckets in (`{bucket}/{key}._S3rver_object`, …). */
  directory: string;
  close(): Promise<void>;
};

/** The bucket every peer starts with. */
export const TEST_BUCKET = "daywork-test";

/** Starts s3rver on 127.0.0.1 with a free port and the given buckets. Call `close()` in afterAll. */
export async function startS3Peer(buckets: string[] = [TEST_BUCKET]): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "daywork-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    settings: (bucket = TEST_BUCKET) => ({
      bucket,
      endpoint,
      region: "us-east-1",
      // s3rver checks signatures made with these.
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
    }),
    async close() {
      // Clients keep connections alive; they would hold the server open.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
