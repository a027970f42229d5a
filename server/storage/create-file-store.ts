import type { Config } from "../config.ts";
import { localFileStore, type FileStore } from "./file-store.ts";
import { s3FileStore } from "./s3-file-store.ts";

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, else the local upload folder. */
export function createFileStore(config: Pick<Config, "s3" | "uploadDir">): FileStore {
  return config.s3 ? s3FileStore(config.s3) : localFileStore(config.uploadDir);
}
