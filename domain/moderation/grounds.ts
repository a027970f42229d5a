/**
 * The grounds an operator names for a decision (docs/decisions/073): what the statement of reasons tells
 * the affected person, and what the transparency report counts. Close to the reasons members report for.
 */
export const MODERATION_GROUNDS = [
  "scam",
  "fake_job",
  "discrimination",
  "harassment",
  "inappropriate",
  "spam",
  "workplace_safety",
  "terms_violation",
] as const;
export type ModerationGround = (typeof MODERATION_GROUNDS)[number];

/** What a sanction stops: a restriction stops posting, applying and messaging; a ban stops everything. */
export const SANCTION_KINDS = ["restricted", "banned"] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

/** The longest restriction, in days; a ban may be for good. */
export const MAX_RESTRICTION_DAYS = 90;
