import type { FastifyReply } from "fastify";

import { ANSWERS, type Reason } from "../answers.ts";
import { englishText } from "../english.ts";

/**
 * Answers a refusal outside tRPC (upload routes, request guards) the way better-auth and tRPC errors
 * reach the client: the message key as `code` and `messageKey`, its English text as `message` (the
 * client translates the key), and a Retry-After header when the seconds to wait are known.
 */
export function sendRefusal(reply: FastifyReply, reason: Reason, retryAfterSeconds?: number) {
  const answer = ANSWERS[reason];
  if (retryAfterSeconds !== undefined) reply.header("retry-after", String(retryAfterSeconds));
  return reply.status(answer.status).send({ code: answer.key, messageKey: answer.key, message: englishText(answer.key) });
}
