import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { fileTypeFromBuffer } from "file-type";

import { CHAT_IMAGE_TYPES, type ChatImageMime } from "../../domain/chat.ts";
import { ERR } from "../../domain/errors.ts";
import { isUuid } from "../../domain/id-shapes.ts";
import { LIMITS } from "../../domain/limits.ts";
import { englishText } from "../english.ts";
import { sendRefusal } from "../http/send-refusal.ts";
import { UNAVAILABLE_RETRY_SECONDS, unavailableCause } from "../http/unavailable.ts";
import { oncePerUploadKey, uploadKey } from "../idempotency/keyed-upload.ts";
import { isRefusal, type Refusal } from "../refusal.ts";
import { FileTooLarge, openFilePart, settle, type FilePart } from "../uploads/file-parts.ts";
import { FILES_RETRY_AFTER_SECONDS, FileStoreFailed } from "../uploads/store-failure.ts";
import { uploader, type UploadRouteDeps } from "../uploads/upload-guard.ts";
import { isParticipant } from "./access.ts";
import { abandonChatImage, storeChatImage } from "./chat-images.ts";

function isChatImageMime(mime: string | undefined): mime is ChatImageMime {
  return mime !== undefined && Object.hasOwn(CHAT_IMAGE_TYPES, mime);
}

/**
 * POST /api/chat/images: a `conversationId` field, then one image streamed into the store after its type is
 * sniffed; the id comes first so an outsider is refused unread. Answers 201 `{ imageKey }`; keyed resends store
 * nothing (docs/decisions/063). Its own scope, since the tRPC plugin replaces the multipart parser in its own.
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
    const key = uploadKey(request, userId, "chat.imageUpload");
    if (isRefusal(key)) return sendRefusal(reply, key.reason);
    if (!request.isMultipart()) return sendRefusal(reply, "chat_image_missing");
    const store = { db: deps.db, files: deps.services.files };
    const now = deps.services.now();

    let conversationId: string | null = null;
    let outcome: ImageOutcome | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === "field") {
          if (part.fieldname === "conversationId" && typeof part.value === "string" && outcome === null) {
            // A malformed id names no conversation: refused like anyone else's, before reading a file that follows.
            if (!isUuid(part.value) || !(await isParticipant(deps.db, part.value, userId)))
              return sendRefusal(reply, "not_participant");
            conversationId = part.value;
          }
          continue;
        }
        if (conversationId === null) {
          await settle(part.file);
          outcome = { refused: "not_participant" };
          continue;
        }
        const keyedFor = { conversationId };
        outcome = await receiveImage(part.file, (mime, body) =>
          oncePerUploadKey<string, "chat_images_pending" | "chat_storage_full">(
            deps.db,
            key,
            { body, describe: keyedFor },
            (keyedBody, remember) => storeChatImage(store, { userId, mime, body: keyedBody, now }, remember),
          ),
        );
      }
    } catch (error) {
      // A second file, too many parts or fields, or a request cut off: an image already in is taken back.
      if (outcome && "imageKey" in outcome) await abandonChatImage(store, outcome.imageKey, now);
      const code = (error as { code?: string }).code;
      if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
        return sendRefusal(reply, "chat_image_too_large");
      // The database did not answer: "try again", not a refusal the page would not retry (decision 062).
      if (unavailableCause(error)) return sendRefusal(reply, "service_unavailable", UNAVAILABLE_RETRY_SECONDS);
      return sendRefusal(reply, "chat_image_unreadable");
    }

    if (outcome === null) return sendRefusal(reply, conversationId === null ? "not_participant" : "chat_image_missing");
    if ("refused" in outcome) return sendRefusal(reply, outcome.refused);
    if ("failed" in outcome) {
      // The sweep removes whatever the store may hold; the answer names no service.
      request.log.error({ err: outcome.failed }, "chat image upload failed");
      if (outcome.failed instanceof FileStoreFailed) return sendRefusal(reply, "files_unavailable", FILES_RETRY_AFTER_SECONDS);
      if (unavailableCause(outcome.failed)) return sendRefusal(reply, "service_unavailable", UNAVAILABLE_RETRY_SECONDS);
      return reply.status(500).send({ code: ERR.generic, messageKey: ERR.generic, message: englishText(ERR.generic) });
    }
    return reply.status(201).send({ imageKey: outcome.imageKey });
  });
}

type ImageOutcome =
  | { imageKey: string }
  | {
      refused:
        | "not_participant"
        | "chat_image_missing"
        | "chat_image_too_large"
        | "chat_image_type"
        | "chat_images_pending"
        | "chat_storage_full"
        | "request_key_reused";
    }
  | { failed: unknown };

/**
 * Judges one file part by its first bytes and streams it into the store with `store`: answers the key,
 * why it was refused, or the store's failure. The part is always read to its end.
 */
async function receiveImage(
  file: FilePart,
  store: (
    mime: ChatImageMime,
    body: Readable,
  ) => Promise<string | Refusal<"chat_images_pending" | "chat_storage_full" | "request_key_reused">>,
): Promise<ImageOutcome> {
  try {
    const { head, body } = await openFilePart(file);
    const sniffed = head.length ? await fileTypeFromBuffer(head) : undefined;
    if (!isChatImageMime(sniffed?.mime)) {
      // Too large says more than the type; an empty file is no file.
      if ((await settle(file)).truncated) return { refused: "chat_image_too_large" };
      return { refused: head.length ? "chat_image_type" : "chat_image_missing" };
    }
    try {
      const imageKey = await store(sniffed.mime, body);
      return isRefusal(imageKey) ? { refused: imageKey.reason } : { imageKey };
    } catch (error) {
      if (error instanceof FileTooLarge) return { refused: "chat_image_too_large" };
      return { failed: error };
    }
  } finally {
    await settle(file);
  }
}
