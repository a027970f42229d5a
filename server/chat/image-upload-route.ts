import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { CHAT_IMAGE_TYPES, type ChatImageMime } from "../../domain/chat.ts";
import { ERR } from "../../domain/errors.ts";
import { LIMITS } from "../../domain/limits.ts";
import type { Auth } from "../auth.ts";
import { englishText } from "../english.ts";
import type { Services } from "../services.ts";
import { isParticipant } from "./access.ts";
import { storeChatImage } from "./chat-images.ts";

export type ChatImageRouteDeps = { db: Database; auth: Auth; services: Services; trustedOrigins: readonly string[] };

/**
 * Refusals answer like better-auth's and the certificate upload's, `{ code: messageKey, message }`
 * (the client's errorMessage translates `code`), plus the key under `messageKey` as tRPC errors carry it.
 */
function refuse(reply: FastifyReply, status: number, key: string) {
  return reply.status(status).send({ code: key, messageKey: key, message: englishText(key) });
}

/** The file's bytes, or null when it went over the size limit (busboy cut it off). */
async function readWhole(file: Readable & { truncated?: boolean }): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return file.truncated ? null : Buffer.concat(chunks);
}

function isChatImageMime(mime: string | undefined): mime is ChatImageMime {
  return mime !== undefined && Object.hasOwn(CHAT_IMAGE_TYPES, mime);
}

const conversationIdField = z.uuid();

/**
 * POST /api/chat/images: multipart with a `conversationId` field and one image file (any field name),
 * up to 5 MB, from a participant of that conversation. The type is sniffed from the bytes (JPEG, PNG,
 * WebP, GIF; a text file named .png is refused), the file is stored at
 * `chat-images/{userId}/{timestamp}.{ext}`, and 201 answers `{ imageKey }` for `chat.send`.
 * An upload that no message ends up using is removed after a day (see chat-images.ts).
 * A plain Fastify route in its own scope: the tRPC plugin replaces the multipart parser inside its own.
 */
export async function chatImageRoutes(app: FastifyInstance, deps: ChatImageRouteDeps) {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.chatImageBytes, files: 1, fields: 4, fieldSize: 200, parts: 5, headerPairs: 100 },
    throwFileSizeLimit: false,
  });

  app.post("/api/chat/images", async (request, reply) => {
    // Browsers send Origin on cross-site posts; a form on another site must not upload as the visitor.
    const origin = request.headers.origin;
    if (origin !== undefined && !deps.trustedOrigins.includes(origin)) return refuse(reply, 403, ERR.unauthorized);
    const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch(() => null);
    if (!session) return refuse(reply, 401, ERR.unauthorized);
    const userId = session.user.id;
    if (!request.isMultipart()) return refuse(reply, 400, ERR.chatImageMissing);

    let conversationId: string | null = null;
    let image: Buffer | null = null;
    let fileCount = 0;
    try {
      for await (const part of request.parts()) {
        if (part.type === "field") {
          if (part.fieldname === "conversationId" && typeof part.value === "string") {
            const parsed = conversationIdField.safeParse(part.value);
            if (!parsed.success) return refuse(reply, 403, ERR.chatAccessDenied);
            conversationId = parsed.data;
            // Refuse before reading a file that follows the field.
            if (!(await isParticipant(deps.db, conversationId, userId))) return refuse(reply, 403, ERR.chatAccessDenied);
          }
          continue;
        }
        fileCount += 1;
        const data = await readWhole(part.file);
        if (!data) return refuse(reply, 413, ERR.chatImageTooLarge);
        image = data;
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return refuse(reply, 413, ERR.chatImageTooLarge);
      return refuse(reply, 400, ERR.chatImageUploadFailed);
    }

    if (conversationId === null || !(await isParticipant(deps.db, conversationId, userId))) {
      return refuse(reply, 403, ERR.chatAccessDenied);
    }
    if (!image || image.length === 0 || fileCount !== 1) return refuse(reply, 400, ERR.chatImageMissing);
    const sniffed = await fileTypeFromBuffer(image);
    if (!isChatImageMime(sniffed?.mime)) return refuse(reply, 415, ERR.chatImageType);

    const imageKey = await storeChatImage(
      { db: deps.db, files: deps.services.files },
      { userId, mime: sniffed.mime, data: image, now: deps.services.now() },
    );
    return reply.status(201).send({ imageKey });
  });
}
