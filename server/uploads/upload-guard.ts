import type { FastifyReply, FastifyRequest } from "fastify";

import type { Database } from "../../db/database.ts";
import type { Auth } from "../auth.ts";
import { sendRefusal } from "../http/send-refusal.ts";
import { isRefusal } from "../refusal.ts";
import type { Services } from "../services.ts";
import { requirePerson, type Person, type PersonLevel } from "../session/person.ts";
import { sessionUser } from "../session/session-user.ts";

export type UploadRouteDeps = { db: Database; auth: Auth; services: Services };

/**
 * The check every upload route makes before it reads a byte (the origin guard, server/http/origin-guard.ts,
 * has already turned away other sites): a signed-in person of `level`. Sends the refusal and answers
 * null when the check fails.
 */
export async function uploader(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: UploadRouteDeps,
  level: PersonLevel,
): Promise<Person | null> {
  const person = await requirePerson(deps.db, await sessionUser(deps.auth, request.headers), level);
  if (isRefusal(person)) {
    await sendRefusal(reply, person.reason);
    return null;
  }
  return person;
}
