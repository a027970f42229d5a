import { z } from "zod";

import { ERR } from "./errors.ts";
import { LIMITS } from "./limits.ts";

/**
 * A create's idempotency key (docs/decisions/063): made by the client once per submission and sent
 * again with every retry of it, so a resend after a lost answer or a 503 stores nothing new and
 * answers the first result. 16 to 64 of `A-Za-z0-9_-`, the shape of a chat message's key.
 */
export const idempotencyKeySchema = z
  .string({ error: ERR.badRequest })
  .min(16, ERR.badRequest)
  .max(LIMITS.messageKey, ERR.badRequest)
  .regex(/^[A-Za-z0-9_-]+$/, ERR.badRequest);

/** The HTTP header an upload route reads its idempotency key from (the IETF draft's name). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
