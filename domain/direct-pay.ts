/*
 * Days paid directly (issue 39, docs/decisions/076 and 078): once a day's hours are agreed, the ledger's
 * direct book records that the employer owes the worker its pay; the employer marks it paid, the worker
 * confirms they received it. Nothing moves through Daywork: the record is what both sides said.
 */

/** Where a directly paid day stands: owed, marked paid by the employer, receipt confirmed by the worker. */
export const DIRECT_PAY_STATES = ["owed", "marked_paid", "confirmed"] as const;
export type DirectPayState = (typeof DIRECT_PAY_STATES)[number];

/** The ledger's idempotency key of a timesheet's agreed pay: one posting per timesheet, whatever path agreed it. */
export const agreedPayKey = (timesheetId: string): string => `timesheet:${timesheetId}:agreed`;
/**
 * The ledger's idempotency key of the change an operator's settlement makes to a day's agreed pay, once
 * per settlement (its appeal): the agreed posting's own key is taken by the first minutes (docs/decisions/080).
 */
export const settledPayKey = (timesheetId: string, appealId: string): string => `timesheet:${timesheetId}:settled:${appealId}`;
/** The ledger's idempotency key of the employer marking a timesheet's day paid. */
export const markedPaidKey = (timesheetId: string): string => `timesheet:${timesheetId}:marked_paid`;
/** The ledger's idempotency key of the worker confirming they received a timesheet's pay. */
export const confirmedKey = (timesheetId: string): string => `timesheet:${timesheetId}:confirmed`;
