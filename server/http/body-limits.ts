import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";

import { sendRefusal } from "./send-refusal.ts";

/**
 * How large and how deeply nested a request body may be (docs/decisions/057). Our deepest input (a
 * tRPC batch, its superjson meta and a job's schedule) nests under 10; parsers and validators that
 * recurse (superjson, zod, JSON.stringify) overflow the stack at a few thousand.
 */
export const BODY_LIMITS = { bytes: 1024 * 1024, depth: 64 } as const;

const BYTE = { quote: 0x22, backslash: 0x5c, openSquare: 0x5b, openCurly: 0x7b, closeSquare: 0x5d, closeCurly: 0x7d };

/**
 * True when `body`, read as JSON, nests arrays and objects deeper than `limit`: brackets are counted
 * outside strings, in one pass over the bytes, before any parser sees them (a UTF-8 sequence never
 * holds these ASCII bytes). Any other text is counted the same way, so no parser is fed a deep one.
 */
export function nestsDeeperThan(body: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (inString) {
      if (byte === BYTE.backslash) i += 1;
      else if (byte === BYTE.quote) inString = false;
    } else if (byte === BYTE.quote) inString = true;
    else if (byte === BYTE.openSquare || byte === BYTE.openCurly) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === BYTE.closeSquare || byte === BYTE.closeCurly) depth -= 1;
  }
  return false;
}

/** A request whose body some parser will read: not multipart (uploads stream under their own limits). */
function hasParsedBody(request: FastifyRequest): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const length = request.headers["content-length"];
  if (request.headers["transfer-encoding"] === undefined && (length === undefined || length === "0")) return false;
  return !request.headers["content-type"]?.trim().toLowerCase().startsWith("multipart/");
}

/** The whole body, or "too_large" as soon as it passes `limit` bytes (the rest is then discarded unread). */
function readUpTo(stream: Readable, limit: number): Promise<Buffer | "too_large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = () => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= limit) return void chunks.push(chunk);
      stop();
      stream.resume();
      resolve("too_large");
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, length));
    };
    const onError = (error: Error) => {
      stop();
      reject(Object.assign(error, { statusCode: 400 }));
    };
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
  });
}

/**
 * Refuses a non-multipart body over BODY_LIMITS.bytes (413) or nested deeper than BODY_LIMITS.depth (400)
 * before any route's parser recurses into it (docs/decisions/057). Register before the routes.
 */
export function registerBodyLimits(app: FastifyInstance) {
  app.addHook("preParsing", async (request, reply, payload) => {
    if (!hasParsedBody(request)) return payload;
    if (Number(request.headers["content-length"]) > BODY_LIMITS.bytes) return sendRefusal(reply, "body_too_large");
    const body = await readUpTo(payload, BODY_LIMITS.bytes);
    if (body === "too_large") return sendRefusal(reply, "body_too_large");
    if (nestsDeeperThan(body, BODY_LIMITS.depth)) return sendRefusal(reply, "body_too_deep");
    // Fastify compares this with Content-Length, as it would for the request itself.
    return Object.assign(Readable.from([body]), { receivedEncodedLength: body.length });
  });
}
