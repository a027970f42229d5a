import { ERR } from "../../../domain/errors";

/** What POST /api/certificates answers with 201. */
export type UploadedCertificate = { id: string; fileName: string; fileSize: number; createdAt: string };

/** A refused or failed upload: `code` is a message key when the server named one (errorMessage translates it). */
export type CertificateUploadError = { code?: string; message?: string; status: number };

/**
 * Sends one PDF to POST /api/certificates as multipart form data. XMLHttpRequest rather than fetch,
 * because only it reports upload progress (0–100 through `onProgress`). The session cookie goes along
 * (same origin); the server decides on type and size, the client only pre-checks.
 */
export function uploadCertificate(
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedCertificate> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/certificates");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as (UploadedCertificate & { code?: string; message?: string }) | null;
      if (xhr.status === 201 && body) return resolve(body);
      const fallback = xhr.status === 413 ? ERR.certificateTooLarge : undefined;
      reject({ code: body?.code ?? fallback, message: body?.message, status: xhr.status } satisfies CertificateUploadError);
    };
    xhr.onerror = () => reject({ code: "error_network", status: 0 } satisfies CertificateUploadError);
    xhr.onabort = () => reject({ status: 0 } satisfies CertificateUploadError);
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
