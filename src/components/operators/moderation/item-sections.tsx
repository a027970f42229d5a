import { useMutation } from "@tanstack/react-query";
import { FileText, Flag, History, UserRound } from "lucide-react";
import { useState } from "react";

import type { ModerationGround } from "../../../../domain/moderation/grounds.ts";
import type { JobModeration } from "../../../../domain/moderation/hold-rules.ts";
import type { ReportReason } from "../../../../domain/reports.ts";
import { cn } from "../../../lib/cn.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDate, formatDateTime, formatDay, formatNumber } from "../../../lib/format.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { actionName, groundName } from "../../decisions/decision-words.ts";
import { rateLabel } from "../../jobs/job-money.ts";
import { personName } from "../../profile/person-name.ts";
import { REASON_LABELS } from "../../reports/report-labels.ts";
import { Stars } from "../../reviews/rating.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { SectionCard } from "../../ui/card.tsx";
import { Fact } from "../disputes/case-parts.tsx";
import { HOLD_RULE_LABELS, queueTagName } from "./queue-words.ts";

export type ModerationItem = RouterOutputs["moderation"]["item"];
type Content = ModerationItem["content"];
type Author = NonNullable<ModerationItem["author"]>;

const JOB_STATUS_LABELS: Record<string, () => string> = {
  open: () => m.job_status_open(),
  in_progress: () => m.job_status_in_progress(),
  completed: () => m.job_status_completed(),
  cancelled: () => m.job_status_cancelled(),
};
const MODERATION_LABELS: Record<JobModeration, () => string> = {
  visible: () => m.ops_item_moderation_visible(),
  held: () => m.ops_item_moderation_held(),
  removed: () => m.ops_item_removed(),
};
/** A report's state: open, or how it was closed. */
function reportState(report: { status: string; outcome: string | null }): string {
  if (report.status === "open") return m.ops_report_open();
  if (report.outcome === "dismissed") return m.ops_report_dismissed();
  if (report.outcome === "actioned") return m.ops_report_actioned();
  return m.ops_report_closed();
}

/**
 * A queue item as an operator weighs it (docs/decisions/074): the content, every report on it, the
 * decisions taken on it and its author's history. The item page and a decision's appeal both show it.
 */
export function ItemSections({ item }: { item: ModerationItem }) {
  return (
    <>
      <ItemContent content={item.content} subjectId={item.subject.id} />
      <ItemReports reports={item.reports} />
      <ItemDecisions decisions={item.decisions} />
      <AuthorHistory author={item.author} />
    </>
  );
}

function ItemContent({ content, subjectId }: { content: Content; subjectId: string | number }) {
  return (
    <SectionCard title={m.ops_item_content()} icon={<FileText aria-hidden />} data-testid="item-content" data-type={content.type}>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {content.type === "job" && <JobContent job={content} />}
        {content.type === "profile" && (
          <>
            <Fact term={m.ops_item_name()}>{personName(content.name)}</Fact>
            {content.companyName && <Fact term={m.ops_item_company()}>{content.companyName}</Fact>}
            {content.location && <Fact term={m.ops_item_location()}>{content.location}</Fact>}
            <div className="sm:col-span-2">
              <Fact term={m.ops_item_bio()}>
                <span className="whitespace-pre-line">{content.bio ?? "—"}</span>
              </Fact>
            </div>
          </>
        )}
        {content.type === "message" && (
          <>
            <Fact term={m.ops_item_conversation()}>
              {content.conversationKind === "direct" ? m.ops_item_conversation_direct() : m.ops_item_conversation_group()}
            </Fact>
            <Fact term={m.dispute_case_job()}>{content.jobTitle}</Fact>
            <Fact term={m.ops_item_sent()}>{formatDateTime(content.createdAt)}</Fact>
            {(content.removed || content.hasImage) && (
              <div className="flex flex-wrap gap-2">
                {content.removed && <Badge variant="red">{m.ops_item_removed()}</Badge>}
                {content.hasImage && <Badge variant="grey">{m.ops_item_has_image()}</Badge>}
              </div>
            )}
          </>
        )}
        {content.type === "review" && (
          <>
            <Fact term={m.ops_item_stars()}>
              <Stars rating={content.rating} /> {m.ops_item_stars_value({ rating: content.rating })}
            </Fact>
            <Fact term={m.ops_item_reviewed()}>{personName(content.reviewedName)}</Fact>
            <Fact term={m.dispute_case_job()}>{content.jobTitle}</Fact>
            <Fact term={m.ops_item_posted()}>{formatDateTime(content.createdAt)}</Fact>
            <div className="sm:col-span-2">
              <Fact term={m.ops_item_comment()}>
                <span className="whitespace-pre-line">{content.comment ?? "—"}</span>
              </Fact>
            </div>
            {content.removed && <Badge variant="red">{m.ops_item_removed()}</Badge>}
          </>
        )}
      </dl>
      {content.type === "message" && typeof subjectId === "number" && <MessageReader messageId={subjectId} />}
    </SectionCard>
  );
}

function JobContent({ job }: { job: Extract<Content, { type: "job" }> }) {
  return (
    <>
      <Fact term={m.ops_item_job_title()}>{job.title}</Fact>
      <Fact term={m.ops_item_rate()}>{rateLabel(job.hourlyRate, job.currency)}</Fact>
      <Fact term={m.dispute_case_job_days()}>
        {m.dispute_case_job_days_value({ date: formatDate(job.startDate, "long"), count: job.durationDays })}
      </Fact>
      <Fact term={m.ops_item_posted()}>{formatDateTime(job.createdAt)}</Fact>
      <Fact term={m.ops_item_status()}>{JOB_STATUS_LABELS[job.status]?.() ?? job.status}</Fact>
      <Fact term={m.ops_item_moderation()}>
        <span data-testid="item-moderation" data-moderation={job.moderation}>
          {MODERATION_LABELS[job.moderation]()}
        </span>
      </Fact>
      {job.hold && (
        <div className="sm:col-span-2">
          <Fact term={m.ops_item_hold_rules()}>
            <span className="flex flex-wrap gap-2">
              {job.hold.rules.map((rule) => (
                <Badge key={rule} variant="blue">
                  {rule in HOLD_RULE_LABELS ? HOLD_RULE_LABELS[rule as keyof typeof HOLD_RULE_LABELS]() : rule}
                </Badge>
              ))}
            </span>
          </Fact>
        </div>
      )}
      <div className="sm:col-span-2">
        <Fact term={m.ops_item_description()}>
          <span className="whitespace-pre-line">{job.description}</span>
        </Fact>
      </div>
    </>
  );
}

/** A private message is read only on request, with the 10 around it; the server logs the read first. */
function MessageReader({ messageId }: { messageId: number }) {
  const read = useMutation(trpc.moderation.readMessage.mutationOptions());
  if (!read.data)
    return (
      <div className="mt-4 grid gap-2">
        <Button
          variant="outline"
          className="justify-self-start whitespace-normal"
          disabled={read.isPending}
          onClick={() => read.mutate({ messageId })}
          data-testid="read-message"
        >
          {m.ops_item_read_message()}
        </Button>
        {read.error && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(read.error)}
          </p>
        )}
      </div>
    );
  return (
    <ol className="mt-4 grid gap-2" data-testid="message-lines">
      {read.data.messages.map((line) => (
        <li
          key={line.id}
          data-testid="message-line"
          data-reported={line.reported || undefined}
          className={cn("rounded-md border p-2 text-sm", line.reported && "border-destructive bg-red-50")}
        >
          <p className="text-xs text-muted-foreground">
            <span dir="auto">{personName(line.senderName)}</span> · {formatDateTime(line.createdAt)}
            {line.reported && <> · {m.ops_item_reported_line()}</>}
            {line.removedAt && <> · {m.ops_item_removed()}</>}
          </p>
          <p dir="auto" className="break-words whitespace-pre-line">
            {line.content}
            {line.hasImage && <span className="text-muted-foreground"> {m.ops_item_image()}</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}

function ItemReports({ reports }: { reports: ModerationItem["reports"] }) {
  return (
    <SectionCard title={m.ops_item_reports()} icon={<Flag aria-hidden />}>
      {reports.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.ops_item_no_reports()}</p>
      ) : (
        <ul className="grid gap-3" data-testid="item-reports">
          {reports.map((report) => (
            <li key={report.id} className="grid gap-1 border-b pb-3 text-sm last:border-b-0 last:pb-0" data-testid="item-report">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">
                  {REASON_LABELS[report.reason as ReportReason]?.() ?? queueTagName("report", report.reason)}
                </Badge>
                <Badge variant={report.status === "open" ? "blue" : "grey"}>{reportState(report)}</Badge>
              </div>
              <p className="text-muted-foreground">
                <span dir="auto">{report.reporterName ? personName(report.reporterName) : m.ops_person_gone()}</span> ·{" "}
                {formatDateTime(report.createdAt)}
              </p>
              {report.comment && (
                <p dir="auto" className="break-words whitespace-pre-line">
                  {report.comment}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function ItemDecisions({ decisions }: { decisions: ModerationItem["decisions"] }) {
  return (
    <SectionCard title={m.ops_item_decisions()} icon={<History aria-hidden />}>
      {decisions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.ops_item_no_decisions()}</p>
      ) : (
        <ul className="grid gap-3" data-testid="item-decisions">
          {decisions.map((decision) => (
            <li key={decision.id} className="grid gap-1 text-sm">
              <p className="font-medium">
                {actionName(decision.action)} · {groundName(decision.ground)}
              </p>
              <p className="text-muted-foreground">
                {m.ops_item_decided_by({
                  date: formatDateTime(decision.decidedAt),
                  name: decision.deciderName ? personName(decision.deciderName) : m.ops_person_gone(),
                })}
                {decision.reversedAt && <> · {m.ops_item_reversed({ date: formatDay(decision.reversedAt) })}</>}
              </p>
              <p dir="auto" className="break-words whitespace-pre-line">
                {decision.note}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

const DAY_MS = 86_400_000;

function AuthorHistory({ author }: { author: Author | null }) {
  // The page's moment, taken once: the age does not change while the operator reads.
  const [now] = useState(() => new Date());
  return (
    <SectionCard title={m.ops_author_title()} icon={<UserRound aria-hidden />} data-testid="item-author">
      {author === null ? (
        <p className="text-sm text-muted-foreground">{m.ops_author_gone()}</p>
      ) : (
        <div className="grid gap-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <Fact term={m.ops_item_name()}>{personName(author.name)}</Fact>
            <Fact term={m.ops_author_type()}>
              {author.userType === "employer" ? m.profile_type_employer() : m.profile_type_worker()}
            </Fact>
            <Fact term={m.ops_author_account_age()}>
              {m.ops_author_days({
                count: Math.max(0, Math.floor((now.getTime() - new Date(author.accountCreatedAt).getTime()) / DAY_MS)),
              })}
            </Fact>
            <Fact term={m.ops_author_rating()}>
              {author.ratingAverage === null
                ? m.ops_author_no_rating()
                : m.ops_author_rating_value({ rating: formatNumber(author.ratingAverage, 1), count: author.ratingCount })}
            </Fact>
            <Fact term={m.reliability_shifts_completed()}>{formatNumber(author.reliability.shiftsCompleted)}</Fact>
            <Fact term={m.reliability_no_shows()}>{formatNumber(author.reliability.noShows)}</Fact>
            <Fact term={m.reliability_late_cancellations()}>{formatNumber(author.reliability.lateCancellations)}</Fact>
            <Fact term={m.reliability_active_strikes()}>{formatNumber(author.reliability.activeStrikes)}</Fact>
            <Fact term={m.ops_author_reports_about()}>{formatNumber(author.reportsAbout)}</Fact>
            <Fact term={m.ops_author_sanction()}>
              <span data-testid="author-sanction">{sanctionText(author.sanction)}</span>
            </Fact>
          </dl>
          {author.decisions.length > 0 && (
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">{m.ops_author_decisions()}</h3>
              <ul className="grid gap-1 text-sm">
                {author.decisions.map((decision) => (
                  <li key={decision.id}>
                    {formatDay(decision.decidedAt)} · {actionName(decision.action)} ·{" "}
                    {groundName(decision.ground as ModerationGround)}
                    {decision.reversedAt && <> · {m.ops_item_reversed({ date: formatDay(decision.reversedAt) })}</>}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </SectionCard>
  );
}

function sanctionText(sanction: Author["sanction"]): string {
  if (!sanction) return m.ops_author_no_sanction();
  if (sanction.kind === "banned")
    return sanction.endsAt
      ? m.ops_author_banned_until({ date: formatDateTime(sanction.endsAt) })
      : m.ops_author_banned_for_good();
  return m.ops_author_restricted_until({ date: sanction.endsAt ? formatDateTime(sanction.endsAt) : "—" });
}
