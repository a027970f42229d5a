import { z } from "zod";

import { ERR } from "./errors.ts";
import { USER_ID, UUID } from "./id-shapes.ts";

/**
 * Ids as procedures take them. Every table but better-auth's keys its rows by a uuid; a value that is
 * not one names no row, so it is refused by the schema (400, with the message of a missing row) and
 * never reaches the database, where casting it would fail.
 */

/** A uuid row id, refused with `message` when malformed. */
export function uuidSchema(message: string) {
  return z.string({ error: message }).regex(UUID, message);
}

/** A job's id. */
export const jobIdSchema = uuidSchema(ERR.jobNotFound);

/** Any other uuid-keyed row: an application, a certificate, an interest, a conversation, a review. */
export const rowIdSchema = uuidSchema(ERR.notFound);

/** A person's id: better-auth's user ids are opaque strings of letters, digits, '-' and '_'. */
export const userIdSchema = z
  .string({ error: ERR.notFound })
  .min(1, ERR.notFound)
  .max(100, ERR.notFound)
  .regex(USER_ID, ERR.notFound);

/** A chat message's id: a bigint identity, safe as a JavaScript number. */
export const messageIdSchema = z
  .number({ error: ERR.notFound })
  .int(ERR.notFound)
  .positive(ERR.notFound)
  .max(Number.MAX_SAFE_INTEGER, ERR.notFound);

/** An input that names one job. */
export const jobRefSchema = z.object({ jobId: jobIdSchema });

/** An input that names one person. */
export const userRefSchema = z.object({ userId: userIdSchema });

/** An input that names one row by `id`. */
export const rowRefSchema = z.object({ id: rowIdSchema });
