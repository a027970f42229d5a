import { z } from "zod";

import { ERR } from "./errors.ts";
import { idempotencyKeySchema } from "./idempotency.ts";
import { jobIdSchema, messageIdSchema, rowIdSchema, userIdSchema } from "./ids.ts";
import { LIMITS } from "./limits.ts";
import { pageCursorSchema } from "./page-cursor.ts";
import type { ReportSubject } from "./report-subject-key.ts";
import { optionalText } from "./text.ts";

// What a member can report (docs/decisions/070): a job, a profile, a chat message, a review.
export {
  REPORT_SUBJECT_TYPES,
  subjectFromKey,
  subjectKey,
  type ReportSubject,
  type ReportSubjectType,
} from "./report-subject-key.ts";

/** Why, from a fixed list; the dialog shows them in this order. */
export const REPORT_REASONS = [
  "scam",
  "fake_job",
  "discrimination",
  "harassment",
  "inappropriate",
  "spam",
  "workplace_safety",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until an operator closes it, with an outcome (or none when the item went with its author). */
export const REPORT_STATUSES = ["open", "closed"] as const;
export const REPORT_OUTCOMES = ["dismissed", "actioned"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The reported item: its kind and its id in the shape that kind's rows are keyed by. */
export const reportSubjectSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("job"), id: jobIdSchema }),
    z.object({ type: z.literal("profile"), id: userIdSchema }),
    z.object({ type: z.literal("message"), id: messageIdSchema }),
    z.object({ type: z.literal("review"), id: rowIdSchema }),
  ],
  { error: ERR.notFound },
);
// The schema reads exactly the subjects report-subject-key.ts names.
reportSubjectSchema satisfies z.ZodType<ReportSubject>;

/** The report dialog: the item, a reason and an optional comment. */
export const reportCreateSchema = z.object({
  subject: reportSubjectSchema,
  reason: z.enum(REPORT_REASONS, { error: ERR.reportReasonRequired }),
  comment: optionalText(LIMITS.reportComment, ERR.reportCommentTooLong),
  // Resent with the same key after a lost answer: the first report answers (docs/decisions/063).
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type ReportCreateInput = z.infer<typeof reportCreateSchema>;

/** The caller's own reports, newest first; `cursor` is the previous page's `nextCursor`. */
export const reportsMineSchema = z.object({ cursor: pageCursorSchema.nullish() });
