import { z } from "zod";

import { userIdSchema } from "./ids.ts";
import { LIMITS } from "./limits.ts";

/** Largest certificate accepted, in bytes (10 MB). */
export const CERTIFICATE_MAX_BYTES = LIMITS.certificateBytes;
/** Most certificates one person keeps; storage is not unlimited. */
export const MAX_CERTIFICATES = 20;
/** The only type accepted. */
export const CERTIFICATE_MIME = "application/pdf";
/** Longest stored file name. */
const CERTIFICATE_NAME_MAX = 200;

/** True when the file says it is a PDF, by its name or its declared type (its content is checked apart). */
export function declaresPdf(fileName: string, mimeType: string | null | undefined): boolean {
  return /\.pdf$/i.test(fileName.trim()) || (mimeType ?? "").toLowerCase() === CERTIFICATE_MIME;
}

/**
 * The name a certificate is listed and downloaded under: the original name without any folder part,
 * control, direction-override or reserved characters and surrounding blanks, ending in .pdf, at most
 * CERTIFICATE_NAME_MAX characters (shortened before the extension).
 */
export function sanitizeCertificateName(original: string): string {
  const base = original.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here.
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const stem = cleaned.replace(/\.pdf$/i, "").trimEnd();
  const ext = /\.pdf$/i.exec(cleaned)?.[0] ?? ".pdf";
  const chars = Array.from(stem === "" ? "certificate" : stem);
  const room = CERTIFICATE_NAME_MAX - ext.length;
  return (chars.length <= room ? chars.join("") : chars.slice(0, room).join("").trimEnd()) + ext;
}

/** An applicant whose certificates an employer looks at. */
export const workerRefSchema = z.object({ workerId: userIdSchema });
