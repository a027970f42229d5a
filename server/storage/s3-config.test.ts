import { describe, expect, it } from "vitest";

import { loadConfig } from "../config.ts";
import { createFileStore } from "./create-file-store.ts";

const base = {
  NODE_ENV: "test",
  DATA_DIR: "./.data-test",
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
} as const;

describe("file storage configuration", () => {
  it("keeps files in the local upload folder unless S3_BUCKET is set", () => {
    const config = loadConfig({ ...base, UPLOAD_DIR: "/srv/daywork-uploads" });
    expect(config.s3).toBeNull();
    expect(createFileStore(config).kind).toBe("local");
  });

  it("reads a bucket on an S3-compatible service, with path-style addresses and both keys", () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: "daywork-files",
      S3_ENDPOINT: "https://minio.internal:9000/",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-example",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.s3).toEqual({
      bucket: "daywork-files",
      endpoint: "https://minio.internal:9000",
      region: "eu-central-1",
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret-example" },
      forcePathStyle: true,
      timeouts: { connectMs: 3000, requestMs: 10_000 },
    });
    expect(createFileStore(config).kind).toBe("s3");
  });

  it("defaults to AWS S3 itself: no endpoint, us-east-1, virtual-host addresses, the SDK's credential chain", () => {
    expect(loadConfig({ ...base, S3_BUCKET: "daywork.files-1" }).s3).toEqual({
      bucket: "daywork.files-1",
      endpoint: null,
      region: "us-east-1",
      credentials: null,
      forcePathStyle: false,
      timeouts: { connectMs: 3000, requestMs: 10_000 },
    });
  });

  it.each([
    [{ S3_ENDPOINT: "https://s3.example" }, "S3_ENDPOINT set without S3_BUCKET"],
    [{ S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" }, "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET"],
    [{ S3_BUCKET: "Daywork_Files" }, "S3_BUCKET must be a bucket name"],
    [{ S3_BUCKET: "ab" }, "S3_BUCKET must be a bucket name"],
    [{ S3_BUCKET: "daywork..files" }, "S3_BUCKET must be a bucket name"],
    [{ S3_BUCKET: "daywork", S3_ACCESS_KEY_ID: "only-one" }, "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together"],
    [{ S3_BUCKET: "daywork", S3_SECRET_ACCESS_KEY: "only-one" }, "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together"],
    [{ S3_BUCKET: "daywork", S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT must be an http(s) URL"],
    [{ S3_BUCKET: "daywork", S3_ENDPOINT: "ftp://files.example" }, "S3_ENDPOINT must be an http(s) URL"],
    [{ S3_BUCKET: "daywork", S3_ENDPOINT: "https://key:secret@s3.example" }, "S3_ENDPOINT must be an http(s) URL"],
  ])("refuses to boot on %o", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it("refuses an S3_FORCE_PATH_STYLE that is not a boolean", () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: "daywork", S3_FORCE_PATH_STYLE: "yes" })).toThrow();
  });
});
