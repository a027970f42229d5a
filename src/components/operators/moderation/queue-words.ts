import type { AppealKind } from "../../../../domain/moderation/decisions.ts";
import { HOLD_RULES, type HoldRule } from "../../../../domain/moderation/hold-rules.ts";
import type { QueueKind } from "../../../../domain/moderation/queue.ts";
import { REPORT_REASONS, type ReportReason } from "../../../../domain/reports.ts";
import { m } from "../../../paraglide/messages.js";
import { REASON_LABELS } from "../../reports/report-labels.ts";

/** What kind of queue item it is, as its badge says. */
export const QUEUE_KIND_LABELS: Record<QueueKind, () => string> = {
  report: () => m.ops_queue_kind_report(),
  hold: () => m.ops_queue_kind_hold(),
  appeal: () => m.ops_queue_kind_appeal(),
};

/** Which rule held a job; the owner never reads these, only operators (docs/decisions/069). */
export const HOLD_RULE_LABELS: Record<HoldRule, () => string> = {
  contact_details: () => m.hold_rule_contact_details(),
  link: () => m.hold_rule_link(),
  payment_request: () => m.hold_rule_payment_request(),
  rate_out_of_range: () => m.hold_rule_rate_out_of_range(),
  posting_burst: () => m.hold_rule_posting_burst(),
  new_account: () => m.hold_rule_new_account(),
};

export const APPEAL_KIND_LABELS: Record<AppealKind, () => string> = {
  decision: () => m.ops_appeal_kind_decision(),
  timesheet: () => m.ops_appeal_kind_timesheet(),
  strike: () => m.ops_appeal_kind_strike(),
};

const isIn = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** A queue item's tag: a report's reason, a hold's rule or an appeal's kind; an unknown one as it is. */
export function queueTagName(kind: QueueKind, tag: string): string {
  if (kind === "report" && isIn<ReportReason>(REPORT_REASONS, tag)) return REASON_LABELS[tag]();
  if (kind === "hold" && isIn<HoldRule>(HOLD_RULES, tag)) return HOLD_RULE_LABELS[tag]();
  if (kind === "appeal" && (tag === "decision" || tag === "timesheet" || tag === "strike")) return APPEAL_KIND_LABELS[tag]();
  return tag;
}

const HOUR_MS = 3_600_000;

/** How long an item has waited: under an hour, whole hours for the first two days, then whole days. */
export function waitingText(since: Date | string, now: Date): string {
  const hours = Math.floor((now.getTime() - new Date(since).getTime()) / HOUR_MS);
  if (hours < 1) return m.ops_queue_waiting_new();
  if (hours < 48) return m.ops_queue_waiting_hours({ count: hours });
  return m.ops_queue_waiting_days({ count: Math.floor(hours / 24) });
}
