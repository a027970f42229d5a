import type { ReportReason, ReportSubjectType } from "../../../domain/reports.ts";
import { m } from "../../paraglide/messages.js";

/** Each reason as the dialog and the list of reports say it. */
export const REASON_LABELS: Record<ReportReason, () => string> = {
  scam: () => m.report_reason_scam(),
  fake_job: () => m.report_reason_fake_job(),
  discrimination: () => m.report_reason_discrimination(),
  harassment: () => m.report_reason_harassment(),
  inappropriate: () => m.report_reason_inappropriate(),
  spam: () => m.report_reason_spam(),
  workplace_safety: () => m.report_reason_workplace_safety(),
  other: () => m.report_reason_other(),
};

/** The dialog's title and the action's accessible name, per kind of item. */
export const REPORT_TITLES: Record<ReportSubjectType, () => string> = {
  job: () => m.report_title_job(),
  profile: () => m.report_title_profile(),
  message: () => m.report_title_message(),
  review: () => m.report_title_review(),
};

/** What kind of item a report in the list is about. */
export const SUBJECT_LABELS: Record<ReportSubjectType, () => string> = {
  job: () => m.reports_subject_job(),
  profile: () => m.reports_subject_profile(),
  message: () => m.reports_subject_message(),
  review: () => m.reports_subject_review(),
};
