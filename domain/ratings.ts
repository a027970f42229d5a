import { z } from "zod";
import { jobUuidSchema, userIdSchema } from "./applications.ts";
import { ERR } from "./errors.ts";
import { LIMITS } from "./limits.ts";

/** The review form: 1–5 stars and an optional comment of at most 1000 characters (SPEC.md §5). */
export const ratingSchema = z.object({
  jobId: jobUuidSchema,
  toUserId: userIdSchema,
  rating: z
    .number({ error: ERR.ratingRange })
    .int(ERR.ratingRange)
    .min(LIMITS.ratingMin, ERR.ratingRange)
    .max(LIMITS.ratingMax, ERR.ratingRange),
  comment: z
    .string()
    .trim()
    .max(LIMITS.ratingComment, ERR.ratingCommentTooLong)
    .transform((v) => (v === "" ? null : v))
    .nullish()
    .transform((v) => v ?? null),
});
export type RatingInput = z.input<typeof ratingSchema>;

/** Reviews a person received, newest first; `cursor` is the id of the last review already shown. */
export const reviewsOfUserSchema = z.object({
  userId: userIdSchema,
  cursor: z.guid(ERR.notFound).nullish(),
});

/** A person whose rating summary or work history is asked for. */
export const userRefSchema = z.object({ userId: userIdSchema });
