import { LEGAL } from "../../../domain/legal.ts";
import type { DecisionSubjectType, ModerationAction } from "../../../domain/moderation/decisions.ts";
import type { ModerationGround } from "../../../domain/moderation/grounds.ts";
import type { NotificationPayload } from "../../../domain/notifications.ts";
import { formatDateTime } from "../../lib/format.ts";
import { isolate } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";

/**
 * A decision's ground as the statement of reasons and the console name it (docs/decisions/074): the
 * reasons members report for where the words fit, and words of their own for the rest.
 */
export function groundName(ground: ModerationGround): string {
  switch (ground) {
    case "scam":
      return m.report_reason_scam();
    case "fake_job":
      return m.report_reason_fake_job();
    case "discrimination":
      return m.report_reason_discrimination();
    case "harassment":
      return m.report_reason_harassment();
    case "inappropriate":
      return m.report_reason_inappropriate();
    case "spam":
      return m.report_reason_spam();
    case "workplace_safety":
      return m.moderation_ground_workplace_safety();
    case "terms_violation":
      return m.moderation_ground_terms_violation();
  }
}

/** What an operator decided, in a word or two: the list of decisions and the console. */
export function actionName(action: ModerationAction): string {
  switch (action) {
    case "dismiss":
      return m.moderation_action_dismiss();
    case "approve":
      return m.moderation_action_approve();
    case "remove":
      return m.moderation_action_remove();
    case "restrict":
      return m.moderation_action_restrict();
    case "ban":
      return m.moderation_action_ban();
    case "restore":
      return m.moderation_action_restore();
  }
}

/** The item a decision is about, as the object of "We removed …" (a job's title isolated for RTL). */
export function decisionAbout(subjectType: DecisionSubjectType, subjectName: string | null): string {
  switch (subjectType) {
    case "job":
      return subjectName ? m.decision_about_job({ name: isolate(subjectName) }) : m.decision_about_job_unnamed();
    case "profile":
      return m.decision_about_profile();
    case "message":
      return m.decision_about_message();
    case "review":
      return m.decision_about_review();
  }
}

/** What was decided, as the statement's heading says it. */
export function decisionHeading(action: ModerationAction, about: string): string {
  switch (action) {
    case "dismiss":
      return m.decision_heading_dismiss({ about });
    case "approve":
      return m.decision_heading_approve({ about });
    case "remove":
      return m.decision_heading_remove({ about });
    case "restrict":
      return m.decision_heading_restrict();
    case "ban":
      return m.decision_heading_ban();
    case "restore":
      return m.decision_heading_restore({ about });
  }
}

/** Sentences as one text: Chinese runs them on, the other languages space them. */
function sentences(parts: readonly string[]): string {
  return parts.join(getLocale() === "zh" ? "" : " ");
}

/**
 * A decision's notice in the app, as its e-mail says it (server/i18n/notification-text.ts): what was
 * decided, on which ground, that the statement is here, until when to appeal (in the reader's time).
 */
export function decisionNoticeText(payload: Extract<NotificationPayload, { kind: "moderation_decision" }>): {
  title: string;
  body: string;
} {
  const about = decisionAbout(payload.subjectType, payload.subjectName);
  const ground = m.decision_notice_ground({ ground: groundName(payload.ground) });
  const statement = m.decision_notice_statement();
  const date = payload.appealBy === null ? null : formatDateTime(payload.appealBy);
  const appeal = date === null ? [] : [m.decision_notice_appeal({ when: date })];
  switch (payload.action) {
    case "remove":
      return {
        title: m.notification_moderation_decision_remove_title(),
        body: sentences([m.decision_notice_remove({ about }), ground, statement, ...appeal]),
      };
    case "restrict":
      return {
        title: m.notification_moderation_decision_restrict_title(),
        body: sentences([m.decision_notice_restrict(), ground, statement, ...appeal]),
      };
    case "ban":
      return {
        title: m.notification_moderation_decision_ban_title(),
        body: sentences([
          m.decision_notice_ban(),
          ground,
          ...(date === null ? [] : [m.decision_notice_ban_appeal({ email: LEGAL.supportEmail, when: date })]),
        ]),
      };
    case "restore":
      return {
        title: m.notification_moderation_decision_restore_title(),
        body: sentences([m.decision_notice_restore({ about }), statement]),
      };
    case "approve":
      return {
        title: m.notification_moderation_decision_approve_title(),
        body: sentences([m.decision_notice_approve({ about }), statement]),
      };
  }
}
