import { z } from "zod";

import { rowRefSchema } from "./ids.ts";
import { DECISION_SUBJECT_TYPES } from "./moderation/decisions.ts";
import { MODERATION_GROUNDS, type ModerationGround } from "./moderation/grounds.ts";
import { NOTIFIED_ACTIONS } from "./moderation/statements.ts";
import { pageCursorSchema } from "./page-cursor.ts";
import { PAY_MODES } from "./pay-mode.ts";
import { PAYOUT_FAILURE_REASONS } from "./payout-failures.ts";
import { HOLD_FAILURE_REASONS } from "./planned-cost.ts";
import { REPORT_OUTCOMES, REPORT_SUBJECT_TYPES } from "./reports.ts";
import { SAVED_SEARCH_DIGEST_JOBS } from "./saved-searches.ts";

/**
 * When a day's shift starts ("HH:MM", the job's local time; null: not stated) and the hourly rate in the
 * job's currency (null: negotiable), carried by the notices about a day of work so that their e-mail
 * says them. Optional: notices written before they were carried have neither.
 */
const jobTermsShape = {
  startTime: z.string().nullish(),
  hourlyRate: z.number().nullish(),
  currency: z.string().optional(),
};

/**
 * What a person is told about, and what each notice carries. The payload holds what the text needs
 * (titles and names as they were when it happened), so a list of notifications is one query, and the
 * same payload writes the in-app line, the e-mail and the push in the recipient's language.
 */
export const notificationPayloadSchema = z.discriminatedUnion("kind", [
  /** To the job's owner: someone applied. */
  z.object({
    kind: z.literal("application_received"),
    jobId: z.string(),
    jobTitle: z.string(),
    applicantName: z.string(),
  }),
  /**
   * To the worker: they are hired. `startDate` is the first of *their* days; `days` lists them when they
   * are hired for only some of the job's days (docs/decisions/046). The employer's name, the start time
   * and the rate are for the e-mail (absent on notices written before they were carried).
   */
  z.object({
    kind: z.literal("application_accepted"),
    jobId: z.string(),
    jobTitle: z.string(),
    startDate: z.string(),
    days: z.array(z.string()).optional(),
    employerName: z.string().optional(),
    ...jobTermsShape,
  }),
  /** To the worker: the employer chose others. */
  z.object({ kind: z.literal("application_rejected"), jobId: z.string(), jobTitle: z.string() }),
  /** To the job's owner: a worker withdrew their application, or (`hired`) left the job they were hired for. */
  z.object({
    kind: z.literal("application_withdrawn"),
    jobId: z.string(),
    jobTitle: z.string(),
    workerName: z.string(),
    hired: z.boolean(),
  }),
  /** To the accepted workers: the owner started, completed or cancelled the job. */
  z.object({ kind: z.literal("job_started"), jobId: z.string(), jobTitle: z.string() }),
  z.object({ kind: z.literal("job_completed"), jobId: z.string(), jobTitle: z.string() }),
  z.object({ kind: z.literal("job_cancelled"), jobId: z.string(), jobTitle: z.string() }),
  /**
   * To the hired workers: the owner moved the job's days or start time (docs/decisions/056). The new
   * first day, days and terms; the worker may withdraw without a strike.
   */
  z.object({
    kind: z.literal("job_schedule_changed"),
    jobId: z.string(),
    jobTitle: z.string(),
    startDate: z.string(),
    durationDays: z.number().int(),
    ...jobTermsShape,
  }),
  /** To the owner: the job's last day is over (docs/decisions/048); it asks them to complete it. */
  z.object({ kind: z.literal("job_ended"), jobId: z.string(), jobTitle: z.string() }),
  /**
   * To a participant who has not read them: new messages in one conversation, grouped (one notice per
   * conversation, renewed when more arrive). `title` is the title of the job the conversation is about;
   * `senderName` wrote the latest of them.
   */
  z.object({
    kind: z.literal("chat_messages"),
    conversationId: z.string(),
    title: z.string(),
    senderName: z.string(),
    count: z.number().int().min(1),
  }),
  /** To the person rated. `reviewerName` is null when the reviewer's profile is hidden. */
  z.object({
    kind: z.literal("review_received"),
    jobId: z.string(),
    jobTitle: z.string(),
    reviewerName: z.string().nullable(),
    rating: z.number().int().min(1).max(5),
  }),
  /**
   * The evening before a day of work: to the owner before the job's first day, to each hired worker
   * before each of the days they are hired for (`startDate` is that day: docs/decisions/046).
   */
  z.object({
    kind: z.literal("job_reminder"),
    jobId: z.string(),
    jobTitle: z.string(),
    startDate: z.string(),
    location: z.string(),
    ...jobTermsShape,
  }),
  /**
   * To a person one or more of whose saved searches (alerts "instant") a new job matches: one notice per
   * job. `cityName` is in the person's language.
   */
  z.object({ kind: z.literal("saved_search_match"), jobId: z.string(), jobTitle: z.string(), cityName: z.string() }),
  /**
   * The day's digest of the jobs matching a person's "daily" saved searches: how many, and the newest
   * SAVED_SEARCH_DIGEST_JOBS of them (newest first).
   */
  z.object({
    kind: z.literal("saved_search_digest"),
    count: z.number().int().min(1),
    jobs: z
      .array(z.object({ jobId: z.string(), jobTitle: z.string() }))
      .min(1)
      .max(SAVED_SEARCH_DIGEST_JOBS),
  }),
  /**
   * Timesheets (docs/product.md, Shift operations), each about one shift day (`shiftDate`, the job's
   * local date). To the owner: a worker checked out, so the day's hours wait for approval (one notice
   * per job and day).
   */
  z.object({ kind: z.literal("timesheet_ready"), jobId: z.string(), jobTitle: z.string(), shiftDate: z.string() }),
  /** To the worker: the owner approved their hours as recorded, or changed them (with a reason). */
  z.object({ kind: z.literal("timesheet_approved"), jobId: z.string(), jobTitle: z.string(), shiftDate: z.string() }),
  z.object({ kind: z.literal("timesheet_edited"), jobId: z.string(), jobTitle: z.string(), shiftDate: z.string() }),
  /** To the owner: the worker disputes the hours. */
  z.object({
    kind: z.literal("timesheet_disputed"),
    jobId: z.string(),
    jobTitle: z.string(),
    shiftDate: z.string(),
    workerName: z.string(),
  }),
  /** To a worker the job's owner invited (docs/decisions/036): they can accept, which hires them. */
  z.object({
    kind: z.literal("job_invitation"),
    jobId: z.string(),
    jobTitle: z.string(),
    employerName: z.string(),
    /** The first day the worker is invited for (absent from notices written before it was carried). */
    startDate: z.string().optional(),
    ...jobTermsShape,
  }),
  /** To the owner: the invited worker accepted (and is hired) or declined. */
  z.object({ kind: z.literal("invitation_accepted"), jobId: z.string(), jobTitle: z.string(), workerName: z.string() }),
  z.object({ kind: z.literal("invitation_declined"), jobId: z.string(), jobTitle: z.string(), workerName: z.string() }),
  /** To a worker who follows the employer: a new job of theirs, told at once. */
  z.object({ kind: z.literal("followed_employer_job"), jobId: z.string(), jobTitle: z.string(), employerName: z.string() }),
  /** To the worker: the owner settled their dispute. */
  z.object({ kind: z.literal("timesheet_resolved"), jobId: z.string(), jobTitle: z.string(), shiftDate: z.string() }),
  /**
   * To a reporter (docs/decisions/070): their report arrived (in the app only), and later what was
   * decided. `subjectName` names the item (a job's title, a person's name); null when the item is gone
   * or its author's profile is hidden from the reporter.
   */
  z.object({ kind: z.literal("report_received"), subjectType: z.enum(REPORT_SUBJECT_TYPES), subjectName: z.string().nullable() }),
  z.object({
    kind: z.literal("report_closed"),
    subjectType: z.enum(REPORT_SUBJECT_TYPES),
    subjectName: z.string().nullable(),
    outcome: z.enum(REPORT_OUTCOMES),
  }),
  /** To both: the owner did not answer in time, so the recorded hours were approved. */
  z.object({
    kind: z.literal("timesheet_auto_approved"),
    jobId: z.string(),
    jobTitle: z.string(),
    shiftDate: z.string(),
    workerName: z.string(),
  }),
  /**
   * To a pending or hired applicant: Daywork took the job down (docs/decisions/074); `hired` ones are
   * told they need not come. No reason is given to them.
   */
  z.object({ kind: z.literal("job_removed"), jobId: z.string(), jobTitle: z.string(), hired: z.boolean() }),
  /**
   * To the person an operator's decision affects (docs/decisions/074): what was decided about which item,
   * on which ground, and until when it can be appealed (ISO; null: not appealable). A ban's notice also
   * carries the operator's note: the banned person cannot sign in to read the statement, so the e-mail is it.
   */
  z.object({
    kind: z.literal("moderation_decision"),
    decisionId: z.string(),
    action: z.enum(NOTIFIED_ACTIONS),
    ground: z.enum(MODERATION_GROUNDS as [ModerationGround, ...ModerationGround[]]),
    subjectType: z.enum(DECISION_SUBJECT_TYPES),
    subjectName: z.string().nullable(),
    appealBy: z.string().nullable(),
    note: z.string().optional(),
  }),
  /** To the appellant: an operator answered their appeal of a decision. */
  z.object({
    kind: z.literal("appeal_answered"),
    decisionId: z.string(),
    appealId: z.string(),
    outcome: z.enum(["upheld", "reversed"]),
  }),
  /** To the other side of a disputed timesheet: `name` asked Daywork to decide it (docs/decisions/074). */
  z.object({
    kind: z.literal("timesheet_escalated"),
    jobId: z.string(),
    jobTitle: z.string(),
    shiftDate: z.string(),
    name: z.string(),
  }),
  /** To both sides: an operator settled the escalated timesheet at `hours` (h:mm), and why. */
  z.object({
    kind: z.literal("timesheet_settled"),
    jobId: z.string(),
    jobTitle: z.string(),
    shiftDate: z.string(),
    hours: z.string(),
    note: z.string(),
  }),
  /** To the strike's person: their appeal was answered, the strike kept or removed, and why. */
  z.object({
    kind: z.literal("strike_appeal_answered"),
    outcome: z.enum(["upheld", "reversed"]),
    onDate: z.string(),
    note: z.string(),
  }),
  /**
   * To a hired worker: the employer cancelled their shift on `shiftDate` less than a day before it, so
   * they are owed compensation (docs/decisions/078): `amount` in `currency` (a decimal, "1800.00"), in
   * the money Daywork pays out or (`direct`) from the employer; null: the job had no stated rate.
   */
  z.object({
    kind: z.literal("cancellation_compensation"),
    jobId: z.string(),
    jobTitle: z.string(),
    shiftDate: z.string(),
    amount: z.string().nullable(),
    currency: z.string(),
    payMode: z.enum(PAY_MODES),
  }),
  /** To the worker: the employer marked their directly paid day of `shiftDate` paid, `amount` in `currency`. */
  z.object({
    kind: z.literal("direct_payment_marked"),
    jobId: z.string(),
    jobTitle: z.string(),
    shiftDate: z.string(),
    amount: z.string(),
    currency: z.string(),
  }),
  /** To the job's owner: `workerName` confirmed receiving the pay of their day of `shiftDate`. */
  z.object({
    kind: z.literal("direct_payment_confirmed"),
    jobId: z.string(),
    jobTitle: z.string(),
    shiftDate: z.string(),
    amount: z.string(),
    currency: z.string(),
    workerName: z.string(),
  }),
  /** To the worker: their payout of `amount` in `currency` was paid; `receiptUrl` is the self-employed tax receipt. */
  z.object({
    kind: z.literal("payout_paid"),
    payoutId: z.string(),
    amount: z.string(),
    currency: z.string(),
    receiptUrl: z.string().nullable(),
  }),
  /** To the worker: their payout failed for `reason` (domain/payouts.ts); the money is theirs to take again. */
  z.object({
    kind: z.literal("payout_failed"),
    payoutId: z.string(),
    amount: z.string(),
    currency: z.string(),
    reason: z.enum(PAYOUT_FAILURE_REASONS),
  }),
  /**
   * To the job's owner: a hold of `amount` in `currency` (a decimal) was asked on their card for the hired
   * workers' planned pay (docs/decisions/079); they confirm it on the provider's page from the job's
   * applications page.
   */
  z.object({
    kind: z.literal("payment_hold_requested"),
    jobId: z.string(),
    jobTitle: z.string(),
    amount: z.string(),
    currency: z.string(),
  }),
  /** To the job's owner: a hold failed (`reason`, domain/planned-cost.ts); the job cannot start until one is held. */
  z.object({
    kind: z.literal("payment_hold_failed"),
    jobId: z.string(),
    jobTitle: z.string(),
    reason: z.enum(HOLD_FAILURE_REASONS),
  }),
  /** To a hired worker: their whole planned pay on the job is held on the employer's card. */
  z.object({ kind: z.literal("pay_secured"), jobId: z.string(), jobTitle: z.string() }),
  /**
   * To the job's owner: at the job's end they owe `amount` more than their holds held (hours beyond the
   * plan); it stays owed.
   */
  z.object({
    kind: z.literal("payment_shortfall"),
    jobId: z.string(),
    jobTitle: z.string(),
    amount: z.string(),
    currency: z.string(),
  }),
  /** To the job's owner: an operator removed a strike of `workerName` on their job, on appeal. */
  z.object({
    kind: z.literal("strike_reversed"),
    jobId: z.string(),
    jobTitle: z.string(),
    onDate: z.string(),
    workerName: z.string(),
    note: z.string(),
  }),
]);

export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;
export type NotificationKind = NotificationPayload["kind"];

/** One notification as the list, the e-mail and the push see it. */
export type NotificationView = {
  id: string;
  payload: NotificationPayload;
  read: boolean;
  createdAt: Date;
};

/**
 * The page a notification opens: its job, the job's applications, its timesheets (hours), the
 * conversation, or (a digest of several jobs) the saved searches, each of which opens its jobs on the
 * home page.
 */
export function notificationTarget(payload: NotificationPayload): {
  page:
    | "job"
    | "applications"
    | "chat"
    | "saved-searches"
    | "timesheets"
    | "reports"
    | "my-jobs"
    | "decision"
    | "profile"
    | "payouts";
  id: string;
} {
  switch (payload.kind) {
    case "application_received":
    case "application_withdrawn":
    case "payment_hold_requested":
    case "payment_hold_failed":
    case "payment_shortfall":
    case "invitation_accepted":
    case "invitation_declined":
      return { page: "applications", id: payload.jobId };
    case "chat_messages":
      return { page: "chat", id: payload.conversationId };
    // About hours: the job's timesheets, where they are answered.
    case "timesheet_ready":
    case "timesheet_approved":
    case "timesheet_edited":
    case "timesheet_disputed":
    case "timesheet_resolved":
    case "timesheet_auto_approved":
    case "timesheet_escalated":
    case "timesheet_settled":
    case "direct_payment_marked":
    case "direct_payment_confirmed":
      return { page: "timesheets", id: payload.jobId };
    case "application_accepted":
    case "application_rejected":
    case "job_started":
    case "job_completed":
    case "job_cancelled":
    case "job_ended":
    case "job_schedule_changed":
    case "review_received":
    case "job_reminder":
    case "saved_search_match":
    case "job_invitation":
    case "followed_employer_job":
    case "strike_reversed":
    case "cancellation_compensation":
    case "pay_secured":
      return { page: "job", id: payload.jobId };
    // About the person's own strike: their profile, whose reliability card lists it.
    case "strike_appeal_answered":
      return { page: "profile", id: "" };
    // About the caller's own report: their list of reports, which says how each stands.
    case "report_received":
    case "report_closed":
      return { page: "reports", id: "" };
    // The job is no longer shown to them: their list of jobs.
    case "job_removed":
      return { page: "my-jobs", id: "" };
    case "saved_search_digest": {
      const [only] = payload.jobs;
      return payload.count === 1 && only ? { page: "job", id: only.jobId } : { page: "saved-searches", id: "" };
    }
    // A decision and its appeal: the statement of reasons (docs/decisions/074).
    case "moderation_decision":
    case "appeal_answered":
      return { page: "decision", id: payload.decisionId };
    // A payout's outcome: the payouts page, with its history and receipts.
    case "payout_paid":
    case "payout_failed":
      return { page: "payouts", id: "" };
  }
}

/** The path (in the app) a notification opens, for e-mails and pushes. */
export function notificationPath(payload: NotificationPayload): string {
  const { page, id } = notificationTarget(payload);
  if (page === "applications") return `/jobs/${id}/applications`;
  if (page === "saved-searches") return "/settings/saved-searches";
  if (page === "reports") return "/settings/reports";
  if (page === "timesheets") return `/jobs/${id}/timesheets`;
  if (page === "my-jobs") return "/my-jobs";
  if (page === "decision") return `/decisions/${id}`;
  if (page === "profile") return "/profile";
  if (page === "payouts") return "/payouts";
  return page === "chat" ? `/chats/${id}` : `/jobs/${id}`;
}

/**
 * One notice per person and cause (docs/decisions/055): a cause repeated within this many seconds of
 * its notice's last e-mail or push (an invitation cancelled and sent again, an application withdrawn
 * and made again) updates that notice in the app but does not send it again.
 */
export const REPEATED_CAUSE_QUIET_SECONDS = 60 * 60;

/** The local hour (recipient's time zone) at which the day-before reminder goes out. */
export const REMINDER_LOCAL_HOUR = 18;

/** The notifications page: newest first, `cursor` from the previous page. */
export const notificationsListSchema = z.object({
  cursor: pageCursorSchema.nullish(),
});

/** Marks one notification read. */
export const notificationRefSchema = rowRefSchema;
