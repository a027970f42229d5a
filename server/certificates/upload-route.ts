import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "../../db/database.ts";
import { certificates, profiles } from "../../db/schema/index.ts";
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MIME,
  MAX_CERTIFICATES,
  declaresPdf,
  sanitizeCertificateName,
} from "../../domain/certificates.ts";
import { ERR } from "../../domain/errors.ts";
import type { Auth } from "../auth.ts";
import { englishText } from "../english.ts";
import type { Services } from "../services.ts";
import { CertificateLimitError, storeCertificate } from "./store-certificate.ts";

export type CertificateRouteDeps = { db: Database; auth: Auth; services: Services; trustedOrigins: readonly string[] };

/** Refusals answer like better-auth's: `{ code: messageKey, message: English text }`. */
function refuse(reply: FastifyReply, status: number, key: string) {
  return reply.status(status).send({ code: key, message: englishText(key) });
}

/** The file's bytes, or null when it went over the size limit (busboy cut it off). */
async function readWhole(file: Readable & { truncated?: boolean }): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return file.truncated ? null : Buffer.concat(chunks);
}

async function drain(file: Readable): Promise<void> {
  for await (const _ of file);
}

/**
 * POST /api/certificates: one PDF (multipart field of any name, up to 10 MB) for the signed-in person.
 * A plain Fastify route in its own scope, since the tRPC plugin replaces the multipart parser inside
 * its scope. The file's name and declared type must say PDF ('Please upload PDF files only'), and its
 * bytes must be one ('Invalid file type': a PNG renamed to .pdf). 201 answers the stored certificate.
 */
export async function certificateUploadRoutes(app: FastifyInstance, deps: CertificateRouteDeps) {
  await app.register(multipart, {
    limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: false,
  });

  app.post("/api/certificates", async (request, reply) => {
    // Browsers send Origin on cross-site posts; a form on another site must not upload as the visitor.
    const origin = request.headers.origin;
    if (origin !== undefined && !deps.trustedOrigins.includes(origin)) return refuse(reply, 403, ERR.unauthorized);

    const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch(() => null);
    if (!session) return refuse(reply, 401, ERR.unauthorized);
    const userId = session.user.id;
    const [profile] = await deps.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).limit(1);
    if (!profile) return refuse(reply, 403, ERR.profileRequired);

    if (!request.isMultipart()) return refuse(reply, 400, ERR.certificateMissing);
    let part: Awaited<ReturnType<typeof request.file>>;
    try {
      part = await request.file();
    } catch {
      return refuse(reply, 400, ERR.certificateMissing);
    }
    if (!part) return refuse(reply, 400, ERR.certificateMissing);

    const originalName = part.filename ?? "";
    if (!declaresPdf(originalName, part.mimetype)) {
      await drain(part.file);
      return refuse(reply, 400, ERR.certificatePdfOnly);
    }
    const data = await readWhole(part.file);
    if (!data) return refuse(reply, 413, ERR.certificateTooLarge);
    const sniffed = await fileTypeFromBuffer(data);
    if (sniffed?.mime !== CERTIFICATE_MIME) return refuse(reply, 400, ERR.certificateInvalidType);
    // Checked again, under a lock, when the row is written; this spares storing a file for nothing.
    if ((await deps.db.$count(certificates, eq(certificates.userId, userId))) >= MAX_CERTIFICATES) {
      return refuse(reply, 400, ERR.certificateLimit);
    }

    try {
      const stored = await storeCertificate(
        { db: deps.db, files: deps.services.files, log: deps.services.log },
        { userId, fileName: sanitizeCertificateName(originalName), data, now: deps.services.now() },
      );
      return reply.status(201).send({ ...stored, createdAt: stored.createdAt.toISOString() });
    } catch (error) {
      if (error instanceof CertificateLimitError) return refuse(reply, 400, ERR.certificateLimit);
      // The file is already removed again; the answer names no query or table.
      request.log.error({ err: error }, "certificate upload failed");
      return refuse(reply, 500, ERR.generic);
    }
  });
}
