import { ERR } from "../../../domain/errors.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../../domain/idempotency.ts";
import { UploadError, uploadErrorFrom } from "../../lib/errors.ts";
import { uploadKeyFor, uploadSent } from "../../lib/request-key.ts";

/**
 * Sends one PDF to POST /api/certificates as multipart form data. XMLHttpRequest rather than fetch,
 * because only it reports upload progress (0–100 through `onProgress`). The session cookie goes along
 * (same origin); the server decides on type and size, the client only pre-checks. A refusal rejects
 * with an UploadError; the caller refreshes the certificate list after success. A retry of the same
 * picked file sends the same Idempotency-Key: stored once (docs/decisions/063).
 */
export function uploadCertificate(
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/certificates");
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, uploadKeyFor(file, "certificates"));
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        // The same file picked again after a deletion is a new certificate, not this one's resend.
        uploadSent(file, "certificates");
        return resolve();
      }
      const body: unknown = xhr.response;
      reject(uploadErrorFrom(xhr.status, body, xhr.status === 413 ? ERR.certificateTooLarge : undefined));
    };
    xhr.onerror = () => reject(new UploadError(0, "error_network"));
    xhr.onabort = () => reject(new UploadError(0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
