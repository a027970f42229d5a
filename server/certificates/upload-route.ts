import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { fileTypeFromBuffer } from "file-type";

import { CERTIFICATE_MAX_BYTES, CERTIFICATE_MIME, declaresPdf, sanitizeCertificateName } from "../../domain/certificates.ts";
import { ERR } from "../../domain/errors.ts";
import { englishText } from "../english.ts";
import { sendRefusal } from "../http/send-refusal.ts";
import { UNAVAILABLE_RETRY_SECONDS, unavailableCause } from "../http/unavailable.ts";
import { oncePerUploadKey, uploadKey } from "../idempotency/keyed-upload.ts";
import { isRefusal } from "../refusal.ts";
import { FileTooLarge, openFilePart, settle } from "../uploads/file-parts.ts";
import { FILES_RETRY_AFTER_SECONDS, FileStoreFailed } from "../uploads/store-failure.ts";
import { uploader, type UploadRouteDeps } from "../uploads/upload-guard.ts";
import type { CertificateItem } from "./list-certificates.ts";
import { storeCertificate } from "./store-certificate.ts";

/**
 * POST /api/certificates: one PDF, its type sniffed from its first bytes and streamed into the store; keyed
 * resends store nothing (docs/decisions/063). Its own scope, since the tRPC plugin replaces the multipart parser.
 */
export async function certificateUploadRoutes(app: FastifyInstance, deps: UploadRouteDeps) {
  await app.register(multipart, {
    limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: false,
  });

  app.post("/api/certificates", async (request, reply) => {
    const person = await uploader(request, reply, deps, "account");
    if (!person) return reply;
    const userId = person.user.id;
    const key = uploadKey(request, userId, "certificates.upload");
    if (isRefusal(key)) return sendRefusal(reply, key.reason);

    if (!request.isMultipart()) return sendRefusal(reply, "certificate_missing");
    let part: Awaited<ReturnType<typeof request.file>>;
    try {
      part = await request.file();
    } catch {
      return sendRefusal(reply, "certificate_missing");
    }
    if (!part) return sendRefusal(reply, "certificate_missing");

    const originalName = part.filename ?? "";
    try {
      if (!declaresPdf(originalName, part.mimetype)) {
        await settle(part.file);
        return sendRefusal(reply, "certificate_not_pdf");
      }
      const { head, body } = await openFilePart(part.file);
      const sniffed = head.length ? await fileTypeFromBuffer(head) : undefined;
      if (sniffed?.mime !== CERTIFICATE_MIME) {
        // Too large says more than the type.
        const { truncated } = await settle(part.file);
        return sendRefusal(reply, truncated ? "certificate_too_large" : "certificate_invalid_type");
      }
      const fileName = sanitizeCertificateName(originalName);
      const stored = await oncePerUploadKey<CertificateItem, "certificate_limit">(
        deps.db,
        key,
        { body, describe: { fileName } },
        (keyedBody, remember) =>
          storeCertificate(
            { db: deps.db, files: deps.services.files, log: deps.services.log },
            { userId, fileName, body: keyedBody, now: deps.services.now() },
            remember,
          ),
      );
      if (isRefusal(stored)) return sendRefusal(reply, stored.reason);
      return reply.status(201).send({ ...stored, createdAt: stored.createdAt.toISOString() });
    } catch (error) {
      if (error instanceof FileTooLarge) return sendRefusal(reply, "certificate_too_large");
      // The file is already removed again (or was never kept); the answer names no query, table or service.
      request.log.error({ err: error }, "certificate upload failed");
      if (error instanceof FileStoreFailed) return sendRefusal(reply, "files_unavailable", FILES_RETRY_AFTER_SECONDS);
      // The database did not answer: "try again" (decision 062).
      if (unavailableCause(error)) return sendRefusal(reply, "service_unavailable", UNAVAILABLE_RETRY_SECONDS);
      return reply.status(500).send({ code: ERR.generic, messageKey: ERR.generic, message: englishText(ERR.generic) });
    } finally {
      await settle(part.file);
    }
  });
}
