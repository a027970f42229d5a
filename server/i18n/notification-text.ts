import {
  dateTimeFormat,
  formatCalendarDate,
  formatCalendarDates,
  formatMoneyIn,
  intlLocaleFor,
  NUMERIC_DATE,
} from "../../domain/intl-locale.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { LEGAL } from "../../domain/legal.ts";
import type { ModerationGround } from "../../domain/moderation/grounds.ts";
import type { NotificationPayload } from "../../domain/notifications.ts";
import type { PayoutFailureKind } from "../../domain/payouts.ts";
import type { HoldFailureKind } from "../../domain/planned-cost.ts";
import type { ReportSubjectType } from "../../domain/reports.ts";
import { m } from "./paraglide/messages.js";

/** Why a payout failed, in the recipient's language. */
function payoutFailureText(reason: PayoutFailureKind, locale: LanguageCode): string {
  const options = { locale };
  switch (reason) {
    case "declined":
      return m.payout_failure_declined({}, options);
    case "insufficient_funds":
      return m.payout_failure_insufficient_funds({}, options);
    case "invalid_payout_method":
      return m.payout_failure_invalid_payout_method({}, options);
    case "rejected":
      return m.payout_failure_rejected({}, options);
  }
}

/**
 * A notification's title and body in the recipient's language, for its e-mail and its push. The texts
 * are the messages `notification_<kind>_title` / `notification_<kind>_body`, whose parameters are the
 * payload's fields (the in-app list renders the same keys); dates are written for the language, and a
 * review whose author is hidden names "a Daywork member".
 */
export function notificationText(payload: NotificationPayload, locale: LanguageCode): { title: string; body: string } {
  const options = { locale };
  switch (payload.kind) {
    case "application_received":
      return {
        title: m.notification_application_received_title({}, options),
        body: m.notification_application_received_body(
          { applicantName: payload.applicantName, jobTitle: payload.jobTitle },
          options,
        ),
      };
    case "application_accepted":
      return {
        title: m.notification_application_accepted_title({}, options),
        // Hired for some of the days: those days, never the job's start (docs/decisions/046).
        body: payload.days
          ? m.notification_application_accepted_days_body(
              { jobTitle: payload.jobTitle, days: formatCalendarDates(payload.days, locale, "long") },
              options,
            )
          : m.notification_application_accepted_body(
              { jobTitle: payload.jobTitle, startDate: formatCalendarDate(payload.startDate, locale, "long") },
              options,
            ),
      };
    case "application_rejected":
      return {
        title: m.notification_application_rejected_title({}, options),
        body: m.notification_application_rejected_body({ jobTitle: payload.jobTitle }, options),
      };
    case "application_withdrawn":
      return {
        title: payload.hired
          ? m.notification_application_withdrawn_hired_title({}, options)
          : m.notification_application_withdrawn_title({}, options),
        body: payload.hired
          ? m.notification_application_withdrawn_hired_body(
              { workerName: payload.workerName, jobTitle: payload.jobTitle },
              options,
            )
          : m.notification_application_withdrawn_body({ workerName: payload.workerName, jobTitle: payload.jobTitle }, options),
      };
    case "job_started":
      return {
        title: m.notification_job_started_title({}, options),
        body: m.notification_job_started_body({ jobTitle: payload.jobTitle }, options),
      };
    case "job_completed":
      return {
        title: m.notification_job_completed_title({}, options),
        body: m.notification_job_completed_body({ jobTitle: payload.jobTitle }, options),
      };
    case "job_cancelled":
      return {
        title: m.notification_job_cancelled_title({}, options),
        body: m.notification_job_cancelled_body({ jobTitle: payload.jobTitle }, options),
      };
    case "job_ended":
      return {
        title: m.notification_job_ended_title({}, options),
        body: m.notification_job_ended_body({ jobTitle: payload.jobTitle }, options),
      };
    case "job_schedule_changed": {
      const startDate = formatCalendarDate(payload.startDate, locale, "long");
      return {
        title: m.notification_job_schedule_changed_title({}, options),
        body: payload.startTime
          ? m.notification_job_schedule_changed_at_body(
              { jobTitle: payload.jobTitle, startDate, startTime: payload.startTime },
              options,
            )
          : m.notification_job_schedule_changed_body({ jobTitle: payload.jobTitle, startDate }, options),
      };
    }
    case "chat_messages":
      return {
        title: m.notification_chat_messages_title({ title: payload.title }, options),
        body: m.notification_chat_messages_body({ senderName: payload.senderName, count: payload.count }, options),
      };
    case "review_received":
      return {
        title: m.notification_review_received_title({}, options),
        body: m.notification_review_received_body(
          {
            reviewerName: payload.reviewerName ?? m.review_anonymous_reviewer({}, options),
            rating: payload.rating,
            jobTitle: payload.jobTitle,
          },
          options,
        ),
      };
    case "job_reminder":
      return {
        title: m.notification_job_reminder_title({}, options),
        body: m.notification_job_reminder_body(
          {
            jobTitle: payload.jobTitle,
            startDate: formatCalendarDate(payload.startDate, locale, "long"),
            location: payload.location,
          },
          options,
        ),
      };
    case "saved_search_match":
      return {
        title: m.notification_saved_search_match_title({}, options),
        body: m.notification_saved_search_match_body({ jobTitle: payload.jobTitle, cityName: payload.cityName }, options),
      };
    case "saved_search_digest":
      return {
        title: m.notification_saved_search_digest_title({ count: payload.count }, options),
        body: m.notification_saved_search_digest_body({ jobTitle: payload.jobs[0]?.jobTitle ?? "" }, options),
      };
    case "timesheet_ready":
      return {
        title: m.notification_timesheet_ready_title({}, options),
        body: m.notification_timesheet_ready_body({ jobTitle: payload.jobTitle, shiftDate: shiftDate(payload, locale) }, options),
      };
    case "timesheet_approved":
      return {
        title: m.notification_timesheet_approved_title({}, options),
        body: m.notification_timesheet_approved_body(
          { jobTitle: payload.jobTitle, shiftDate: shiftDate(payload, locale) },
          options,
        ),
      };
    case "timesheet_edited":
      return {
        title: m.notification_timesheet_edited_title({}, options),
        body: m.notification_timesheet_edited_body(
          { jobTitle: payload.jobTitle, shiftDate: shiftDate(payload, locale) },
          options,
        ),
      };
    case "timesheet_disputed":
      return {
        title: m.notification_timesheet_disputed_title({}, options),
        body: m.notification_timesheet_disputed_body(
          { workerName: payload.workerName, jobTitle: payload.jobTitle, shiftDate: shiftDate(payload, locale) },
          options,
        ),
      };
    case "job_invitation":
      return {
        title: m.notification_job_invitation_title({}, options),
        body: m.notification_job_invitation_body({ employerName: payload.employerName, jobTitle: payload.jobTitle }, options),
      };
    case "invitation_accepted":
      return {
        title: m.notification_invitation_accepted_title({}, options),
        body: m.notification_invitation_accepted_body({ workerName: payload.workerName, jobTitle: payload.jobTitle }, options),
      };
    case "invitation_declined":
      return {
        title: m.notification_invitation_declined_title({}, options),
        body: m.notification_invitation_declined_body({ workerName: payload.workerName, jobTitle: payload.jobTitle }, options),
      };
    case "followed_employer_job":
      return {
        title: m.notification_followed_employer_job_title({}, options),
        body: m.notification_followed_employer_job_body(
          { employerName: payload.employerName, jobTitle: payload.jobTitle },
          options,
        ),
      };
    case "report_received":
      return {
        title: m.notification_report_received_title({}, options),
        body: m.notification_report_received_body({ about: reportAbout(payload, locale) }, options),
      };
    case "report_closed": {
      const about = reportAbout(payload, locale);
      return {
        title: m.notification_report_closed_title({}, options),
        body:
          payload.outcome === "actioned"
            ? m.notification_report_closed_actioned_body({ about }, options)
            : m.notification_report_closed_dismissed_body({ about }, options),
      };
    }
    case "timesheet_resolved":
      return {
        title: m.notification_timesheet_resolved_title({}, options),
        body: m.notification_timesheet_resolved_body(
          { jobTitle: payload.jobTitle, shiftDate: shiftDate(payload, locale) },
          options,
        ),
      };
    case "timesheet_auto_approved":
      return {
        title: m.notification_timesheet_auto_approved_title({}, options),
        body: m.notification_timesheet_auto_approved_body(
          { workerName: payload.workerName, jobTitle: payload.jobTitle, shiftDate: shiftDate(payload, locale) },
          options,
        ),
      };
    case "job_removed":
      return {
        title: m.notification_job_removed_title({}, options),
        // A hired worker is told they need not come (docs/decisions/074).
        body: payload.hired
          ? m.notification_job_removed_hired_body({ jobTitle: payload.jobTitle }, options)
          : m.notification_job_removed_body({ jobTitle: payload.jobTitle }, options),
      };
    case "moderation_decision":
      return decisionNotice(payload, locale);
    case "appeal_answered":
      return {
        title: m.notification_appeal_answered_title({}, options),
        body:
          payload.outcome === "reversed"
            ? m.notification_appeal_answered_reversed_body({}, options)
            : m.notification_appeal_answered_upheld_body({}, options),
      };
    case "timesheet_escalated":
      return {
        title: m.notification_timesheet_escalated_title({}, options),
        body: m.notification_timesheet_escalated_body(
          { name: payload.name, jobTitle: payload.jobTitle, shiftDate: shiftDate(payload, locale) },
          options,
        ),
      };
    case "timesheet_settled":
      return {
        title: m.notification_timesheet_settled_title({}, options),
        body: m.notification_timesheet_settled_body(
          { jobTitle: payload.jobTitle, shiftDate: shiftDate(payload, locale), hours: payload.hours, note: payload.note },
          options,
        ),
      };
    case "strike_appeal_answered": {
      const onDate = formatCalendarDate(payload.onDate, locale, "long");
      return payload.outcome === "reversed"
        ? {
            title: m.notification_strike_appeal_answered_reversed_title({}, options),
            body: m.notification_strike_appeal_answered_reversed_body({ onDate, note: payload.note }, options),
          }
        : {
            title: m.notification_strike_appeal_answered_upheld_title({}, options),
            body: m.notification_strike_appeal_answered_upheld_body({ onDate, note: payload.note }, options),
          };
    }
    case "cancellation_compensation": {
      const shiftDate = formatCalendarDate(payload.shiftDate, locale, "long");
      const { jobTitle } = payload;
      if (payload.amount === null) {
        return {
          title: m.notification_cancellation_compensation_title({}, options),
          body: m.notification_cancellation_compensation_unpriced_body({ jobTitle, shiftDate }, options),
        };
      }
      const amount = formatMoneyIn(Number(payload.amount), payload.currency, locale);
      return {
        title: m.notification_cancellation_compensation_title({}, options),
        // Through Daywork it is in their earnings; paid directly, the employer pays it (docs/decisions/078).
        body:
          payload.payMode === "direct"
            ? m.notification_cancellation_compensation_direct_body({ jobTitle, shiftDate, amount }, options)
            : m.notification_cancellation_compensation_body({ jobTitle, shiftDate, amount }, options),
      };
    }
    case "direct_payment_marked":
    case "direct_payment_confirmed": {
      const params = {
        jobTitle: payload.jobTitle,
        shiftDate: formatCalendarDate(payload.shiftDate, locale, "long"),
        amount: formatMoneyIn(Number(payload.amount), payload.currency, locale),
      };
      return payload.kind === "direct_payment_marked"
        ? {
            title: m.notification_direct_payment_marked_title({}, options),
            body: m.notification_direct_payment_marked_body(params, options),
          }
        : {
            title: m.notification_direct_payment_confirmed_title({}, options),
            body: m.notification_direct_payment_confirmed_body({ ...params, workerName: payload.workerName }, options),
          };
    }
    case "payout_paid": {
      const amount = formatMoneyIn(Number(payload.amount), payload.currency, locale);
      return {
        title: m.notification_payout_paid_title({}, options),
        // A self-employed worker's payout registered a tax receipt: its link is theirs to keep (docs/decisions/081).
        body:
          payload.receiptUrl === null
            ? m.notification_payout_paid_body({ amount }, options)
            : m.notification_payout_paid_receipt_body({ amount, receiptUrl: payload.receiptUrl }, options),
      };
    }
    case "payout_failed":
      return {
        title: m.notification_payout_failed_title({}, options),
        body: m.notification_payout_failed_body(
          {
            amount: formatMoneyIn(Number(payload.amount), payload.currency, locale),
            reason: payoutFailureText(payload.reason, locale),
          },
          options,
        ),
      };
    case "payment_hold_requested":
    case "payment_shortfall": {
      const params = { jobTitle: payload.jobTitle, amount: formatMoneyIn(Number(payload.amount), payload.currency, locale) };
      return payload.kind === "payment_hold_requested"
        ? {
            title: m.notification_payment_hold_requested_title({}, options),
            body: m.notification_payment_hold_requested_body(params, options),
          }
        : {
            title: m.notification_payment_shortfall_title({}, options),
            body: m.notification_payment_shortfall_body(params, options),
          };
    }
    case "payment_hold_failed":
      return {
        title: m.notification_payment_hold_failed_title({}, options),
        body: m.notification_payment_hold_failed_body(
          { jobTitle: payload.jobTitle, reason: holdFailureText(payload.reason, locale) },
          options,
        ),
      };
    case "pay_secured":
      return {
        title: m.notification_pay_secured_title({}, options),
        body: m.notification_pay_secured_body({ jobTitle: payload.jobTitle }, options),
      };
    case "strike_reversed":
      return {
        title: m.notification_strike_reversed_title({}, options),
        body: m.notification_strike_reversed_body(
          {
            workerName: payload.workerName,
            jobTitle: payload.jobTitle,
            onDate: formatCalendarDate(payload.onDate, locale, "long"),
            note: payload.note,
          },
          options,
        ),
      };
  }
}

type DecisionPayload = Extract<NotificationPayload, { kind: "moderation_decision" }>;

/** A decision's ground as the statement of reasons names it; reasons members report for where the words fit. */
export function groundText(ground: ModerationGround, locale: LanguageCode): string {
  const options = { locale };
  switch (ground) {
    case "scam":
      return m.report_reason_scam({}, options);
    case "fake_job":
      return m.report_reason_fake_job({}, options);
    case "discrimination":
      return m.report_reason_discrimination({}, options);
    case "harassment":
      return m.report_reason_harassment({}, options);
    case "inappropriate":
      return m.report_reason_inappropriate({}, options);
    case "spam":
      return m.report_reason_spam({}, options);
    case "workplace_safety":
      return m.moderation_ground_workplace_safety({}, options);
    case "terms_violation":
      return m.moderation_ground_terms_violation({}, options);
  }
}

/** The item a decision is about, as the object of "We removed …": "your job “X”", "your review". */
function decisionAbout(payload: DecisionPayload, locale: LanguageCode): string {
  const options = { locale };
  switch (payload.subjectType) {
    case "job":
      return payload.subjectName
        ? m.decision_about_job({ name: payload.subjectName }, options)
        : m.decision_about_job_unnamed({}, options);
    case "profile":
      return m.decision_about_profile({}, options);
    case "message":
      return m.decision_about_message({}, options);
    case "review":
      return m.decision_about_review({}, options);
  }
}

/**
 * The appeal deadline as an e-mail can state it for anyone anywhere: date and time in UTC, since the
 * server does not know the reader's time zone (the app writes it in theirs).
 */
export function appealDeadlineText(iso: string, locale: LanguageCode): string {
  const { locale: intl, named } = intlLocaleFor(locale);
  const options: Intl.DateTimeFormatOptions = named
    ? { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }
    : { ...NUMERIC_DATE, hour: "2-digit", minute: "2-digit", timeZone: "UTC" };
  return `${dateTimeFormat(intl, options).format(new Date(iso))} UTC`;
}

/**
 * A statement of reasons in short (docs/decisions/074): what was decided, on which ground, that the full
 * statement with the operator's note is in the app, and until when to appeal. A banned person cannot
 * sign in, so theirs says where to write instead.
 */
function decisionNotice(payload: DecisionPayload, locale: LanguageCode): { title: string; body: string } {
  const options = { locale };
  const about = decisionAbout(payload, locale);
  const ground = m.decision_notice_ground({ ground: groundText(payload.ground, locale) }, options);
  const statement = m.decision_notice_statement({}, options);
  const date = payload.appealBy === null ? null : appealDeadlineText(payload.appealBy, locale);
  const appeal = date === null ? [] : [m.decision_notice_appeal({ when: date }, options)];
  switch (payload.action) {
    case "remove":
      return {
        title: m.notification_moderation_decision_remove_title({}, options),
        body: sentences([m.decision_notice_remove({ about }, options), ground, statement, ...appeal], locale),
      };
    case "restrict":
      return {
        title: m.notification_moderation_decision_restrict_title({}, options),
        body: sentences([m.decision_notice_restrict({}, options), ground, statement, ...appeal], locale),
      };
    case "ban":
      return {
        title: m.notification_moderation_decision_ban_title({}, options),
        body: sentences(
          [
            m.decision_notice_ban({}, options),
            ground,
            ...(date === null ? [] : [m.decision_notice_ban_appeal({ email: LEGAL.supportEmail, when: date }, options)]),
          ],
          locale,
        ),
      };
    case "restore":
      return {
        title: m.notification_moderation_decision_restore_title({}, options),
        body: sentences([m.decision_notice_restore({ about }, options), statement], locale),
      };
    case "approve":
      return {
        title: m.notification_moderation_decision_approve_title({}, options),
        body: sentences([m.decision_notice_approve({ about }, options), statement], locale),
      };
  }
}

/** Sentences as one text: Chinese runs them on, the other languages space them. */
function sentences(parts: readonly string[], locale: LanguageCode): string {
  return parts.join(locale === "zh" ? "" : " ");
}

/** What a report was about, as its notices say it: "about the job “X”", "about a message from Y". */
function reportAbout(payload: { subjectType: ReportSubjectType; subjectName: string | null }, locale: LanguageCode): string {
  const options = { locale };
  const name = payload.subjectName;
  switch (payload.subjectType) {
    case "job":
      return name ? m.report_about_job({ name }, options) : m.report_about_job_unnamed({}, options);
    case "profile":
      return name ? m.report_about_profile({ name }, options) : m.report_about_profile_unnamed({}, options);
    case "message":
      return name ? m.report_about_message({ name }, options) : m.report_about_message_unnamed({}, options);
    case "review":
      return name ? m.report_about_review({ name }, options) : m.report_about_review_unnamed({}, options);
  }
}

/** A timesheet notice's shift day, written for the language. */
/** Why a hold failed, as a sentence's end in `locale` (docs/decisions/079). */
export function holdFailureText(reason: HoldFailureKind, locale: LanguageCode): string {
  const options = { locale };
  switch (reason) {
    case "declined":
      return m.pay_hold_reason_declined({}, options);
    case "insufficient_funds":
      return m.pay_hold_reason_insufficient_funds({}, options);
    case "expired":
      return m.pay_hold_reason_expired({}, options);
    case "no_provider":
      return m.pay_hold_reason_no_provider({}, options);
    case "refused":
      return m.pay_hold_reason_refused({}, options);
  }
}

function shiftDate(payload: { shiftDate: string }, locale: LanguageCode): string {
  return formatCalendarDate(payload.shiftDate, locale, "long");
}

/**
 * An e-mail's subject: what happened to which job, and who did it where the notice names someone
 * ("Anna hired you for Warehouse loader"); the title alone for notices about no job.
 */
export function notificationSubject(payload: NotificationPayload, locale: LanguageCode): string {
  const options = { locale };
  const { title } = notificationText(payload, locale);
  const about = (jobTitle: string, name?: string | null) =>
    name
      ? m.mail_subject_about_job_person({ title, jobTitle, name }, options)
      : m.mail_subject_about_job({ title, jobTitle }, options);
  switch (payload.kind) {
    case "application_received":
      return m.mail_subject_application_received({ applicantName: payload.applicantName, jobTitle: payload.jobTitle }, options);
    case "application_accepted":
      return payload.employerName
        ? m.mail_subject_application_accepted({ employerName: payload.employerName, jobTitle: payload.jobTitle }, options)
        : about(payload.jobTitle);
    case "job_invitation":
      return m.mail_subject_job_invitation({ employerName: payload.employerName, jobTitle: payload.jobTitle }, options);
    case "job_reminder":
      return m.mail_subject_job_reminder({ jobTitle: payload.jobTitle }, options);
    case "application_withdrawn":
    case "invitation_accepted":
    case "invitation_declined":
    case "timesheet_disputed":
    case "timesheet_auto_approved":
    case "strike_reversed":
    case "direct_payment_confirmed":
      return about(payload.jobTitle, payload.workerName);
    case "timesheet_escalated":
      return about(payload.jobTitle, payload.name);
    case "strike_appeal_answered":
      return title;
    case "followed_employer_job":
      return about(payload.jobTitle, payload.employerName);
    case "review_received":
      return about(payload.jobTitle, payload.reviewerName);
    case "chat_messages":
      return m.mail_subject_chat_messages({ senderName: payload.senderName, title: payload.title }, options);
    case "saved_search_digest":
    case "report_received":
    case "report_closed":
    case "moderation_decision":
    case "appeal_answered":
    case "payout_paid":
    case "payout_failed":
      return title;
    case "application_rejected":
    case "job_started":
    case "job_completed":
    case "job_cancelled":
    case "job_ended":
    case "job_schedule_changed":
    case "saved_search_match":
    case "timesheet_ready":
    case "timesheet_approved":
    case "timesheet_edited":
    case "timesheet_resolved":
    case "job_removed":
    case "timesheet_settled":
    case "cancellation_compensation":
    case "direct_payment_marked":
    case "payment_hold_requested":
    case "payment_hold_failed":
    case "pay_secured":
    case "payment_shortfall":
      return about(payload.jobTitle);
  }
}

/**
 * The facts an e-mail about a day of work (a hire, a reminder, an invitation, a move) lists under its text (which already names a worker's days
 * when they are hired for some): the first day with the start time, and the rate in the job's currency. Empty for other
 * notices, and for notices written before they carried the terms.
 */
export function notificationDetails(payload: NotificationPayload, locale: LanguageCode): string[] {
  const { kind } = payload;
  // A ban's e-mail is its whole statement: the banned person cannot sign in to read the note.
  if (kind === "moderation_decision") {
    return payload.note === undefined ? [] : [m.decision_notice_note({ note: payload.note }, { locale })];
  }
  if (
    kind !== "application_accepted" &&
    kind !== "job_reminder" &&
    kind !== "job_invitation" &&
    kind !== "job_schedule_changed"
  ) {
    return [];
  }
  if (payload.currency === undefined || payload.startDate === undefined) return [];
  const options = { locale };
  const date = formatCalendarDate(payload.startDate, locale, "long");
  const lines: string[] = [];
  lines.push(
    payload.startTime
      ? m.mail_detail_start_at({ date, time: payload.startTime }, options)
      : m.mail_detail_start({ date }, options),
  );
  lines.push(
    payload.hourlyRate === null || payload.hourlyRate === undefined
      ? m.mail_detail_rate_negotiable({}, options)
      : m.mail_detail_rate({ amount: formatMoneyIn(payload.hourlyRate, payload.currency, locale) }, options),
  );
  return lines;
}
