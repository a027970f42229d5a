import type { NotificationPayload } from "../../../domain/notifications.ts";
import type { ReportSubjectType } from "../../../domain/reports.ts";
import { formatDate, formatDates, formatMoney } from "../../lib/format.ts";
import { isolate } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { decisionNoticeText } from "../decisions/decision-words.ts";
import { holdFailureText } from "../money/hold-failure-text.ts";

/** What a report was about: "about the job “X”", "about a message from Y" (the name isolated for RTL). */
function reportAbout(payload: { subjectType: ReportSubjectType; subjectName: string | null }): string {
  const name = payload.subjectName === null ? null : isolate(payload.subjectName);
  switch (payload.subjectType) {
    case "job":
      return name ? m.report_about_job({ name }) : m.report_about_job_unnamed();
    case "profile":
      return name ? m.report_about_profile({ name }) : m.report_about_profile_unnamed();
    case "message":
      return name ? m.report_about_message({ name }) : m.report_about_message_unnamed();
    case "review":
      return name ? m.report_about_review({ name }) : m.report_about_review_unnamed();
  }
}

type MessageFn = (params: Record<string, unknown>) => string;
const catalogue = m as unknown as Record<string, MessageFn | undefined>;

/**
 * A notification's title and body in the reader's language: the messages `notification_<kind>_title`
 * and `_body` (the same the server writes e-mails and pushes with), the payload's fields as their
 * parameters, names and titles isolated for right-to-left text, dates written for the language.
 */
export function notificationText(payload: NotificationPayload): { title: string; body: string } {
  // A decision's notice is a statement of reasons in short (docs/decisions/074).
  if (payload.kind === "moderation_decision") return decisionNoticeText(payload);
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) params[key] = typeof value === "string" ? isolate(value) : value;
  if ("startDate" in payload && payload.startDate !== undefined) params.startDate = formatDate(payload.startDate);
  if ("shiftDate" in payload) params.shiftDate = formatDate(payload.shiftDate);
  // A digest names its newest job.
  if (payload.kind === "saved_search_digest") params.jobTitle = isolate(payload.jobs[0]?.jobTitle ?? "");
  if (payload.kind === "review_received" && payload.reviewerName === null) params.reviewerName = m.review_anonymous_reviewer();
  // A hired worker leaving the job is told apart from a withdrawn application, and one hired for some
  // of the days is told those days (docs/decisions/046).
  let kind: string = payload.kind === "application_withdrawn" && payload.hired ? "application_withdrawn_hired" : payload.kind;
  if (payload.kind === "application_accepted" && payload.days) {
    params.days = formatDates(payload.days);
    kind = "application_accepted_days";
  }
  // A report's notices say what it was about; a decision says which (docs/decisions/070).
  if (payload.kind === "report_received" || payload.kind === "report_closed") params.about = reportAbout(payload);
  if (payload.kind === "report_closed") kind = `report_closed_${payload.outcome}`;
  // An appeal's answer says which (docs/decisions/074).
  if (payload.kind === "appeal_answered") kind = `appeal_answered_${payload.outcome}`;
  // A move to a stated start time says the time too (docs/decisions/056).
  if (payload.kind === "job_schedule_changed" && payload.startTime) kind = "job_schedule_changed_at";
  // A hired worker is told they need not come (docs/decisions/074).
  if (payload.kind === "job_removed" && payload.hired) kind = "job_removed_hired";
  // A strike's notices name its day; an appeal's answer says which it was (docs/decisions/074).
  if ("onDate" in payload) params.onDate = formatDate(payload.onDate);
  if (payload.kind === "strike_appeal_answered") kind = `strike_appeal_answered_${payload.outcome}`;
  // Compensation says its amount, and who pays it; a job without a rate, the hours (docs/decisions/078).
  if (payload.kind === "cancellation_compensation") {
    if (payload.amount === null) kind = "cancellation_compensation_unpriced";
    else {
      params.amount = formatMoney(Number(payload.amount), payload.currency);
      if (payload.payMode === "direct") kind = "cancellation_compensation_direct";
    }
  }
  // A hold's notices say its amount, or why it failed (docs/decisions/079).
  if (payload.kind === "payment_hold_requested" || payload.kind === "payment_shortfall") {
    params.amount = formatMoney(Number(payload.amount), payload.currency);
  }
  if (payload.kind === "payment_hold_failed") params.reason = holdFailureText(payload.reason);
  if (payload.kind === "direct_payment_marked" || payload.kind === "direct_payment_confirmed") {
    params.amount = formatMoney(Number(payload.amount), payload.currency);
  }
  // A payout says its amount; a failed one why, a paid one its tax receipt if any (docs/decisions/081).
  if (payload.kind === "payout_paid" || payload.kind === "payout_failed") {
    params.amount = formatMoney(Number(payload.amount), payload.currency);
  }
  if (payload.kind === "payout_paid" && payload.receiptUrl !== null) kind = "payout_paid_receipt";
  if (payload.kind === "payout_failed") params.reason = catalogue[`payout_failure_${payload.reason}`]?.({}) ?? "";
  const text = (part: "title" | "body") =>
    catalogue[`notification_${kind}_${part}`]?.(params) ?? catalogue[`notification_${payload.kind}_${part}`]?.(params) ?? "";
  return { title: text("title"), body: text("body") };
}
