import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Flag } from "lucide-react";

import type { ReportReason, ReportSubjectType } from "../../../domain/reports.ts";
import { formatDay } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { NoticeCard } from "../layout/notice.tsx";
import { PagedList } from "../layout/paged-list.tsx";
import { Card, CardContent } from "../ui/card.tsx";
import { myReportsQuery } from "./my-reports-query.ts";
import { REASON_LABELS, SUBJECT_LABELS } from "./report-labels.ts";

type MyReport = RouterOutputs["reports"]["mine"]["items"][number];

/** The reports query of /settings/reports, for its loader and its list. */
/** How a report stands, in words. */
function statusText(report: MyReport): string {
  if (report.status === "open") return m.reports_status_open();
  if (report.outcome === "actioned") return m.reports_status_actioned();
  if (report.outcome === "dismissed") return m.reports_status_dismissed();
  return m.reports_status_gone();
}

/** A link to the reported job or profile while it exists; messages and reviews have no page of their own. */
function ItemLink({ report }: { report: MyReport }) {
  if (!report.subjectId) return null;
  const className = "text-sm font-medium text-primary underline-offset-4 hover:underline";
  if (report.subjectType === "job")
    return (
      <Link to="/jobs/$jobId" params={{ jobId: report.subjectId }} className={className} data-testid="my-report-link">
        {m.reports_open_item()}
      </Link>
    );
  if (report.subjectType === "profile")
    return (
      <Link to="/profile/$profileId" params={{ profileId: report.subjectId }} className={className} data-testid="my-report-link">
        {m.reports_open_item()}
      </Link>
    );
  return null;
}

/** /settings/reports: the caller's reports, newest first, each with its reason and how it stands. */
export function MyReportsList() {
  const query = useSuspenseInfiniteQuery(myReportsQuery(trpc));
  return (
    <PagedList
      query={query}
      testId="my-reports"
      className="grid gap-3"
      itemKey={(report) => report.id}
      loadMore={{ label: m.reports_load_more(), testId: "my-reports-load-more" }}
      empty={<NoticeCard icon={<Flag aria-hidden className="size-6" />} title={m.reports_empty()} testId="my-reports-empty" />}
      renderItem={(report) => (
        <Card className="py-4" data-testid="my-report" data-status={report.status}>
          <CardContent className="grid gap-1 px-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-medium">{SUBJECT_LABELS[report.subjectType as ReportSubjectType]()}</p>
              <span className="text-xs text-muted-foreground">{formatDay(report.createdAt)}</span>
            </div>
            <p className="text-sm">{REASON_LABELS[report.reason as ReportReason]()}</p>
            {report.comment && (
              <p dir="auto" className="text-sm whitespace-pre-line break-words text-muted-foreground">
                {report.comment}
              </p>
            )}
            <p className="text-sm" data-testid="my-report-status">
              {statusText(report)}
            </p>
            <ItemLink report={report} />
          </CardContent>
        </Card>
      )}
    />
  );
}
