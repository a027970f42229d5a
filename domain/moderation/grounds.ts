import { REPORT_REASONS, type ReportReason } from "../reports.ts";

/**
 * The grounds an operator names for a decision (docs/decisions/073): what the statement of reasons tells
 * the affected person, and what the transparency report counts. The reasons members report for, but
 * "other", and a breach of the terms.
 */
export type ModerationGround = Exclude<ReportReason, "other"> | "terms_violation";
export const MODERATION_GROUNDS: readonly ModerationGround[] = [
  ...REPORT_REASONS.filter((reason): reason is Exclude<ReportReason, "other"> => reason !== "other"),
  "terms_violation",
];

/** What a sanction stops: a restriction stops posting, applying and messaging; a ban stops everything. */
export const SANCTION_KINDS = ["restricted", "banned"] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

/** The longest restriction, in days; a ban may be for good. */
export const MAX_RESTRICTION_DAYS = 90;
