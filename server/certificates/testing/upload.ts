import { randomBytes } from "node:crypto";

import type { TestApp } from "../../testing/test-app.ts";

/** A small but real PDF. */
export function pdfBytes(size?: number): Buffer {
  const head = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n",
  );
  const tail = Buffer.from("trailer << /Root 1 0 R >>\n%%EOF\n");
  const fill = Math.max(0, (size ?? head.length + tail.length) - head.length - tail.length);
  return Buffer.concat([head, Buffer.alloc(fill, 0x20), tail]);
}

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** POST /api/certificates with one file, as a browser's FormData would send it. */
export function uploadCertificate(
  t: TestApp,
  file: { name: string; type: string; data: Buffer } | null,
  headers: Record<string, string> = {},
) {
  const boundary = `----daywork${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  } else {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: "POST",
    url: "/api/certificates",
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: t.config.publicUrl, ...headers },
  });
}
