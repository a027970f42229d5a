import { Link } from "@tanstack/react-router";
import {
  Bell,
  BellRing,
  BriefcaseBusiness,
  Building2,
  CalendarClock,
  ClipboardClock,
  Flag,
  Handshake,
  MessageSquare,
  Scale,
  Star,
  UserMinus,
  UserPlus,
  Wallet,
} from "lucide-react";

import { notificationTarget, type NotificationPayload, type NotificationView } from "../../../domain/notifications.ts";
import { cn } from "../../lib/cn.ts";
import { formatDateTime } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { CardLink } from "../ui/card-link.tsx";
import { notificationText } from "./notification-text.ts";

function Icon({ kind }: { kind: NotificationPayload["kind"] }) {
  const className = "size-5 shrink-0 text-primary";
  switch (kind) {
    case "application_received":
      return <UserPlus aria-hidden className={className} />;
    case "application_withdrawn":
      return <UserMinus aria-hidden className={className} />;
    case "chat_messages":
      return <MessageSquare aria-hidden className={className} />;
    case "review_received":
      return <Star aria-hidden className={className} />;
    case "job_invitation":
    case "invitation_accepted":
    case "invitation_declined":
      return <Handshake aria-hidden className={className} />;
    case "followed_employer_job":
      return <Building2 aria-hidden className={className} />;
    case "report_received":
    case "report_closed":
      return <Flag aria-hidden className={className} />;
    case "job_reminder":
    case "job_schedule_changed":
      return <CalendarClock aria-hidden className={className} />;
    case "saved_search_match":
    case "saved_search_digest":
      return <BellRing aria-hidden className={className} />;
    case "application_accepted":
    case "application_rejected":
    case "job_started":
    case "job_completed":
    case "job_cancelled":
    case "job_ended":
    case "job_removed":
      return <BriefcaseBusiness aria-hidden className={className} />;
    case "timesheet_ready":
    case "timesheet_approved":
    case "timesheet_edited":
    case "timesheet_disputed":
    case "timesheet_resolved":
    case "timesheet_auto_approved":
    case "timesheet_escalated":
    case "timesheet_settled":
      return <ClipboardClock aria-hidden className={className} />;
    case "cancellation_compensation":
    case "direct_payment_marked":
    case "direct_payment_confirmed":
    case "payout_paid":
    case "payout_failed":
    case "payment_hold_requested":
    case "payment_hold_failed":
    case "pay_secured":
    case "payment_shortfall":
      return <Wallet aria-hidden className={className} />;
    case "moderation_decision":
    case "appeal_answered":
    case "strike_appeal_answered":
    case "strike_reversed":
      return <Scale aria-hidden className={className} />;
  }
}

/** Where a notification leads: its job, the job's applications or timesheets, the conversation, the saved searches, or My jobs. */
function Target({ payload, onOpen, children }: { payload: NotificationPayload; onOpen: () => void; children: string }) {
  const common = { onClick: onOpen, "data-testid": "notification-link", className: "font-medium", children } as const;
  const { page, id } = notificationTarget(payload);
  if (page === "applications") return <CardLink to="/jobs/$jobId/applications" params={{ jobId: id }} {...common} />;
  if (page === "chat") return <CardLink to="/chats/$conversationId" params={{ conversationId: id }} {...common} />;
  if (page === "saved-searches") return <CardLink to="/settings/saved-searches" {...common} />;
  if (page === "reports") return <CardLink to="/settings/reports" {...common} />;
  if (page === "timesheets") return <CardLink to="/jobs/$jobId/timesheets" params={{ jobId: id }} {...common} />;
  if (page === "my-jobs") return <CardLink to="/my-jobs" {...common} />;
  if (page === "decision") return <CardLink to="/decisions/$decisionId" params={{ decisionId: id }} {...common} />;
  if (page === "profile") return <CardLink to="/profile" {...common} />;
  if (page === "payouts") return <CardLink to="/payouts" {...common} />;
  return <CardLink to="/jobs/$jobId" params={{ jobId: id }} {...common} />;
}

/** A digest's newest jobs, each a link of its own above the card's (stretched) link. */
function DigestJobs({ jobs, onOpen }: { jobs: { jobId: string; jobTitle: string }[]; onOpen: () => void }) {
  return (
    <ul
      aria-label={m.saved_searches_digest_jobs()}
      className="relative z-10 grid gap-1 text-sm"
      data-testid="notification-digest-jobs"
    >
      {jobs.map((job) => (
        <li key={job.jobId}>
          <Link
            to="/jobs/$jobId"
            params={{ jobId: job.jobId }}
            onClick={onOpen}
            dir="auto"
            className="break-words text-primary underline-offset-4 hover:underline"
          >
            {job.jobTitle}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One line of /notifications: what happened, when, unread marked; opening it marks it read. */
export function NotificationCard({ notification, onOpen }: { notification: NotificationView; onOpen: () => void }) {
  const { title, body } = notificationText(notification.payload);
  return (
    <div
      className={cn("relative flex gap-3 rounded-xl border bg-card p-4", !notification.read && "border-primary/40 bg-primary/5")}
      data-testid="notification"
      data-kind={notification.payload.kind}
      data-read={notification.read}
    >
      {notification.read ? (
        <Bell aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      ) : (
        <Icon kind={notification.payload.kind} />
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Target payload={notification.payload} onOpen={onOpen}>
            {title}
          </Target>
          {!notification.read && (
            <span className="rounded-full bg-primary px-2 text-xs font-semibold text-primary-foreground">{m.inbox_unread()}</span>
          )}
        </p>
        <p dir="auto" className="break-words text-sm text-muted-foreground">
          {body}
        </p>
        {notification.payload.kind === "saved_search_digest" && <DigestJobs jobs={notification.payload.jobs} onOpen={onOpen} />}
        <p className="text-xs text-muted-foreground">
          <time dateTime={new Date(notification.createdAt).toISOString()}>{formatDateTime(notification.createdAt)}</time>
        </p>
      </div>
    </div>
  );
}
