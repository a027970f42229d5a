import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { fileTypeFromBuffer } from "file-type";

import { CHAT_IMAGE_TYPES, type ChatImageMime } from "../../domain/chat.ts";
import { isUuid } from "../../domain/ids.ts";
import { LIMITS } from "../../domain/limits.ts";
import { sendRefusal } from "../http/send-refusal.ts";
import { isRefusal } from "../refusal.ts";
import { readWithLimit } from "../uploads/file-parts.ts";
import { uploader, type UploadRouteDeps } from "../uploads/upload-guard.ts";
import { isParticipant } from "./access.ts";
import { storeChatImage } from "./chat-images.ts";

function isChatImageMime(mime: string | undefined): mime is ChatImageMime {
  return mime !== undefined && Object.hasOwn(CHAT_IMAGE_TYPES, mime);
}

/**
 * POST /api/chat/images: multipart with a `conversationId` field and one image file (any field name),
 * up to 5 MB, from a participant of that conversation. The type is sniffed from the bytes (JPEG, PNG,
 * WebP, GIF; a text file named .png is refused), the file is stored at
 * `chat-images/{userId}/{timestamp}.{ext}`, and 201 answers `{ imageKey }` for `chat.send`.
 * An upload that no message ends up using is removed after a day (see chat-images.ts).
 * A plain Fastify route in its own scope: the tRPC plugin replaces the multipart parser inside its own.
 */
export async function chatImageRoutes(app: FastifyInstance, deps: UploadRouteDeps) {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.chatImageBytes, files: 1, fields: 4, fieldSize: 200, parts: 5, headerPairs: 100 },
    throwFileSizeLimit: false,
  });

  app.post("/api/chat/images", async (request, reply) => {
    const person = await uploader(request, reply, deps, "member");
    if (!person) return reply;
    const userId = person.user.id;
    if (!request.isMultipart()) return sendRefusal(reply, "chat_image_missing");

    let conversationId: string | null = null;
    let image: Buffer | null = null;
    let fileCount = 0;
    try {
      for await (const part of request.parts()) {
        if (part.type === "field") {
          if (part.fieldname === "conversationId" && typeof part.value === "string") {
            // A malformed id names no conversation: refused like anyone else's, before reading a file that follows.
            if (!isUuid(part.value) || !(await isParticipant(deps.db, part.value, userId)))
              return sendRefusal(reply, "not_participant");
            conversationId = part.value;
          }
          continue;
        }
        fileCount += 1;
        const data = await readWithLimit(part.file);
        if (!data) return sendRefusal(reply, "chat_image_too_large");
        image = data;
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
        return sendRefusal(reply, "chat_image_too_large");
      return sendRefusal(reply, "chat_image_unreadable");
    }

    if (conversationId === null || !(await isParticipant(deps.db, conversationId, userId))) {
      return sendRefusal(reply, "not_participant");
    }
    if (!image || image.length === 0 || fileCount !== 1) return sendRefusal(reply, "chat_image_missing");
    const sniffed = await fileTypeFromBuffer(image);
    if (!isChatImageMime(sniffed?.mime)) return sendRefusal(reply, "chat_image_type");

    const imageKey = await storeChatImage(
      { db: deps.db, files: deps.services.files },
      { userId, mime: sniffed.mime, data: image, now: deps.services.now() },
    );
    if (isRefusal(imageKey)) return sendRefusal(reply, imageKey.reason);
    return reply.status(201).send({ imageKey });
  });
}
