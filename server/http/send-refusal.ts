import type { FastifyReply } from "fastify";

import { ANSWERS, type Reason } from "../answers.ts";
import { englishText } from "../english.ts";

/**
 * Answers a refusal outside tRPC (upload routes, request guards) the way better-auth and tRPC errors
 * reach the client: the message key as `code` and `messageKey`, its English text as `message` (the
 * client translates the key).
 */
export function sendRefusal(reply: FastifyReply, reason: Reason) {
  const answer = ANSWERS[reason];
  return reply.status(answer.status).send({ code: answer.key, messageKey: answer.key, message: englishText(answer.key) });
}
