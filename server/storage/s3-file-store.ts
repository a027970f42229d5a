import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";

import { assertSafeKey, byteCounter, contentTypeOf, type FileStore } from "./file-store.ts";
import { DEFAULT_S3_TIMEOUTS, type S3Settings } from "./s3-config.ts";

/**
 * A streamed upload goes up in parts of this size (S3's smallest), one at a time: at most one part
 * of a file is in memory, whatever its size. A file no larger than one part is a single PutObject.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;
/** How long GET /api/ready waits for the bucket to answer. */
const READY_TIMEOUT_MS = 3000;

/** The SDK client for these settings. */
export function s3Client(settings: S3Settings): S3Client {
  const timeouts = settings.timeouts ?? DEFAULT_S3_TIMEOUTS;
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Services other than AWS's own (MinIO, R2, Ceph, s3rver) do not all take the SDK's default CRC
    // checksums of streamed bodies; checksums then go only where the API requires them.
    ...(settings.endpoint
      ? { requestChecksumCalculation: "WHEN_REQUIRED" as const, responseChecksumValidation: "WHEN_REQUIRED" as const }
      : {}),
    // A bucket that does not answer fails the call rather than holding the request (docs/decisions/060):
    // no answer within requestMs after sending, or that long a silence in a streamed body; one retry.
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.requestMs,
    },
    maxAttempts: 2,
  });
}

/** A missing object (GetObject says NoSuchKey, HeadObject a bare 404); a missing bucket is an error. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === "NoSuchKey") return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== "NoSuchBucket";
}

export type S3FileStore = FileStore & {
  readonly client: S3Client;
  readonly bucket: string;
  /** Closes the client's pooled connections. */
  close(): void;
};

/**
 * Files in an S3-compatible bucket, through the official SDK (docs/decisions/027). Keys are the same
 * as the local folder's. The bucket stays private: files go out only through our own signed route,
 * GET /api/files/:token, which streams them from here.
 */
export function s3FileStore(settings: S3Settings, client: S3Client = s3Client(settings)): S3FileStore {
  const bucket = settings.bucket;
  const object = (key: string) => {
    assertSafeKey(key);
    return { Bucket: bucket, Key: key };
  };
  return {
    kind: "s3",
    client,
    bucket,
    async put(key, body) {
      const target = { ...object(key), ContentType: contentTypeOf(key) };
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ ...target, Body: body, ContentLength: body.length }));
        return { size: body.length };
      }
      // The length of an upload is known only at its end: lib-storage sends it in parts as it
      // arrives, and a failure aborts the multipart upload so that no part stays behind.
      let bodyError: unknown = null;
      body.once("error", (error) => (bodyError ??= error));
      const counter = byteCounter();
      body.pipe(counter);
      body.once("error", (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: { ...target, Body: counter },
        partSize: S3_PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The body's own failure is the news (an abort the service refused may have replaced it).
        if (bodyError !== null && bodyError !== error) {
          if (bodyError instanceof Error && bodyError.cause === undefined) bodyError.cause = error;
          throw bodyError;
        }
        throw error;
      } finally {
        body.unpipe(counter);
      }
      return { size: counter.bytes() };
    },
    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand(object(key)));
        if (!(answer.Body instanceof Readable)) throw new Error("the S3 client answered a body that is not a Node stream");
        return { stream: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        const answer = await client.send(new HeadObjectCommand(object(key)));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there: removing a missing file succeeds.
      await client.send(new DeleteObjectCommand(object(key)));
    },
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    },
    close() {
      client.destroy();
    },
  };
}
