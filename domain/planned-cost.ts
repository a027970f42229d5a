/*
 * What an employer's card is held for before the shift (issue 39 item 3, docs/decisions/079). Jobs have a
 * start time but no end yet (issue 40 adds end and break), so a day is planned at PLANNED_HOURS_PER_DAY.
 * No imports: the job page reads these constants without loading the ledger (domain/planned-pay.ts computes).
 */

/** The hours a day of work is planned at until shifts state an end: what is held per hired worker per day. */
export const PLANNED_HOURS_PER_DAY = 8;

/**
 * Providers let a hold live about seven days (docs/decisions/077): a job whose last day is further than
 * this many days after a hire is held later, this many days before its last day.
 */
export const HOLD_ASK_DAYS_BEFORE_LAST_DAY = 6;

/** The longest provider event id we keep ("hold.captured:" and the provider's object id). */
export const PROVIDER_EVENT_ID_MAX = 200;

/** A hold row's life (payment_holds.status). */
export const HOLD_STATUSES = ["requested", "pending_confirmation", "authorised", "captured", "canceled", "failed"] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
/** The holds that still cover planned cost: asked, waiting for the employer, or held. */
export const LIVE_HOLD_STATUSES = ["requested", "pending_confirmation", "authorised"] as const satisfies readonly HoldStatus[];

/** Why a hold failed, as the employer is told. */
export const HOLD_FAILURE_REASONS = ["declined", "insufficient_funds", "expired", "no_provider", "refused"] as const;
export type HoldFailureKind = (typeof HOLD_FAILURE_REASONS)[number];
