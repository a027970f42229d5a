import { z } from "zod";

import { ERR } from "./errors.ts";
import { idempotencyKeySchema } from "./idempotency.ts";
import { jobIdSchema, userIdSchema } from "./ids.ts";
import { LIMITS } from "./limits.ts";
import { pageCursorSchema } from "./page-cursor.ts";
import { optionalText } from "./text.ts";

/** The review form: 1–5 stars and an optional comment of at most 1000 characters (docs/product.md, Reviews). */
export const ratingSchema = z.object({
  jobId: jobIdSchema,
  toUserId: userIdSchema,
  rating: z
    .number({ error: ERR.ratingRange })
    .int(ERR.ratingRange)
    .min(LIMITS.ratingMin, ERR.ratingRange)
    .max(LIMITS.ratingMax, ERR.ratingRange),
  comment: optionalText(LIMITS.ratingComment, ERR.ratingCommentTooLong),
  // Resent with the same key after a lost answer: the first review answers (docs/decisions/063).
  idempotencyKey: idempotencyKeySchema.optional(),
});

/** Reviews a person received, newest first; `cursor` is the previous page's `nextCursor`. */
export const reviewsOfUserSchema = z.object({
  userId: userIdSchema,
  cursor: pageCursorSchema.nullish(),
});
