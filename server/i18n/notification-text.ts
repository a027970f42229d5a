import { formatCalendarDate } from "../../domain/intl-locale.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import type { NotificationPayload } from "../../domain/notifications.ts";
import { m } from "./paraglide/messages.js";

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
        body: m.notification_application_accepted_body(
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
  }
}

/** A timesheet notice's shift day, written for the language. */
function shiftDate(payload: { shiftDate: string }, locale: LanguageCode): string {
  return formatCalendarDate(payload.shiftDate, locale, "long");
}
