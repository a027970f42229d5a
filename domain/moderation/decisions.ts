import { z } from "zod";

import { ERR } from "../errors.ts";
import { uuidSchema } from "../ids.ts";
import { REPORT_SUBJECT_TYPES, reportSubjectSchema, type ReportSubject, type ReportSubjectType } from "../reports.ts";
import { boundedText } from "../text.ts";
import { MAX_RESTRICTION_DAYS, MODERATION_GROUNDS, type ModerationGround } from "./grounds.ts";
import { QUEUE_KINDS } from "./queue.ts";

/**
 * Operators' decisions and the appeals against them (docs/decisions/074). A decision is about one item
 * of the moderation queue: a reported job, profile, message or review, or a held job. The person it
 * affects reads it as a statement of reasons and may appeal it once, within APPEAL_WINDOW_DAYS.
 */
export const DECISION_SUBJECT_TYPES = REPORT_SUBJECT_TYPES;
export type DecisionSubjectType = ReportSubjectType;

/**
 * What an operator decides on an item: dismiss its reports (nobody is affected), approve a held job,
 * remove the content, restrict or ban its author, or restore what an earlier decision removed.
 */
export const MODERATION_ACTIONS = ["dismiss", "approve", "remove", "restrict", "ban", "restore"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Actions that take something from the affected person: they get a statement of reasons and may appeal. */
export const ADVERSE_ACTIONS = ["remove", "restrict", "ban"] as const satisfies readonly ModerationAction[];
export type AdverseAction = (typeof ADVERSE_ACTIONS)[number];
export function isAdverse(action: ModerationAction): action is AdverseAction {
  return (ADVERSE_ACTIONS as readonly ModerationAction[]).includes(action);
}

/** Which actions fit which item: only content can be removed or restored; a profile's author is the person. */
export function actionFits(action: ModerationAction, subject: DecisionSubjectType, held: boolean): boolean {
  if (held) return action === "approve" || action === "remove" || action === "restrict" || action === "ban";
  if (action === "approve") return false;
  if (subject === "profile") return action !== "remove" && action !== "restore";
  return true;
}

/** An adverse decision can be appealed this many days after it, once. */
export const APPEAL_WINDOW_DAYS = 14;
export const APPEAL_TEXT_MAX = 2000;
export const DECISION_NOTE_MAX = 1000;

/** When the appeal window of a decision taken at `decidedAt` closes. */
export function appealDeadline(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + APPEAL_WINDOW_DAYS * 86_400_000);
}

/**
 * The three things an appeal can be about (docs/decisions/074): an operator's decision, a timesheet
 * disputed for DISPUTE_ESCALATION_HOURS (either side), or a strike (the person who got it).
 */
export const APPEAL_KINDS = ["decision", "timesheet", "strike"] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number];

/** Open until an operator other than the decision's answers: upheld, or reversed (a timesheet: settled). */
export const APPEAL_OUTCOMES = ["upheld", "reversed", "settled"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** A disputed timesheet may go to operators once it has been disputed this long. */
export const DISPUTE_ESCALATION_HOURS = 48;

const noteSchema = boundedText({
  min: 1,
  max: DECISION_NOTE_MAX,
  required: ERR.moderationNoteRequired,
  tooShort: ERR.moderationNoteRequired,
  tooLong: ERR.moderationNoteTooLong,
});

/** A queue item is what members report: a job, a profile, a message, a review, keyed as reports are. */
export const moderationSubjectSchema = reportSubjectSchema;
export type ModerationSubject = ReportSubject;

/** An operator's decision on a queue item: an action, a ground from the list, a note, and days for a restriction. */
export const moderationDecideSchema = z
  .object({
    subject: moderationSubjectSchema,
    action: z.enum(MODERATION_ACTIONS, { error: ERR.moderationActionInvalid }),
    ground: z.enum(MODERATION_GROUNDS as [ModerationGround, ...ModerationGround[]], { error: ERR.moderationGroundRequired }),
    note: noteSchema,
    /** Restrict: 1 to MAX_RESTRICTION_DAYS. Ban: null for good, or days. */
    days: z
      .number({ error: ERR.moderationDaysRange })
      .int(ERR.moderationDaysRange)
      .min(1, ERR.moderationDaysRange)
      .max(MAX_RESTRICTION_DAYS, ERR.moderationDaysRange)
      .nullish(),
  })
  .refine((d) => d.action !== "restrict" || typeof d.days === "number", { message: ERR.moderationDaysRange, path: ["days"] });
export type ModerationDecideInput = z.infer<typeof moderationDecideSchema>;

export const decisionIdSchema = uuidSchema(ERR.notFound);
export const appealIdSchema = uuidSchema(ERR.notFound);

export const appealTextSchema = boundedText({
  min: 1,
  max: APPEAL_TEXT_MAX,
  required: ERR.appealTextRequired,
  tooShort: ERR.appealTextRequired,
  tooLong: ERR.appealTextTooLong,
});

/** The affected person appeals a decision. */
export const appealDecisionSchema = z.object({ decisionId: decisionIdSchema, text: appealTextSchema });

/** An operator (not the decision's) answers an appeal of a decision: upheld, or reversed with what was removed restored. */
export const answerAppealSchema = z.object({
  appealId: appealIdSchema,
  outcome: z.enum(["upheld", "reversed"], { error: ERR.moderationActionInvalid }),
  note: noteSchema,
});

/** The queue, all kinds or one (domain/moderation/queue.ts stays free of zod for the console's route). */
export const moderationQueueSchema = z.object({ kind: z.enum(QUEUE_KINDS, { error: ERR.badRequest }).nullish() });
