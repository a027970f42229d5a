/** Seconds an upload refused for a failing file store tells the client to wait (Retry-After). */
export const FILES_RETRY_AFTER_SECONDS = 30;

/**
 * The file store failed to take an upload's bytes (down, refusing, or stalled past its timeout): the
 * upload routes answer it "files_unavailable", 503 with Retry-After, not a 500 (docs/decisions/060).
 */
export class FileStoreFailed extends Error {
  constructor(cause: unknown) {
    super("the file store failed to store an upload", { cause });
    this.name = "FileStoreFailed";
  }
}
