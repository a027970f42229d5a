import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { CheckCheck, Download, QrCode, Wallet } from "lucide-react";
import { useState } from "react";

import { isActiveJob } from "../../../domain/statuses.ts";
import { JobNotFound } from "../../components/jobs/job-states.tsx";
import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { downloadCsv } from "../../components/timesheets/download-csv.ts";
import { hoursText } from "../../components/timesheets/timesheet-hours.ts";
import { TimesheetRow } from "../../components/timesheets/timesheet-row.tsx";
import { ownerCanApprove } from "../../components/timesheets/timesheet-turns.ts";
import { Button } from "../../components/ui/button.tsx";
import { SectionCard } from "../../components/ui/card.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { formatMoney } from "../../lib/format.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { orNotFound, requireUuid } from "../../lib/route-data.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, trpcClient } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/jobs/$jobId/timesheets")({
  loader: async ({ context, params }) => {
    requireUuid(params.jobId);
    await orNotFound(context.queryClient.ensureQueryData(context.trpc.timesheets.forJob.queryOptions({ jobId: params.jobId })));
  },
  notFoundComponent: () => <JobNotFound />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.shift_load_failed()} error={error} />,
  component: TimesheetsPage,
});

/**
 * /jobs/{jobId}/timesheets: the owner sees every hired worker's days (approve, edit, resolve); a hired
 * worker their own (accept, dispute) and what they earned. Both see each day's history and get the CSV.
 */
function TimesheetsPage() {
  const { jobId } = Route.useParams();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.timesheets.forJob.queryOptions({ jobId }));
  usePageTitle(m.shift_timesheets_title());
  const owner = data.viewer === "owner";
  const [downloading, setDownloading] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.timesheets.forJob.queryKey({ jobId }) });
  const approve = useMutation(
    trpc.timesheets.approve.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.shift_saved());
        void refresh();
      },
      onError: (e) => toastError(e),
    }),
  );
  const accept = useMutation(
    trpc.timesheets.accept.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.shift_saved());
        void refresh();
      },
      onError: (e) => toastError(e),
    }),
  );
  const pendingIds = data.rows.flatMap((r) => (r.timesheet && ownerCanApprove(r.timesheet.status) ? [r.timesheet.id] : []));

  async function download() {
    setDownloading(true);
    try {
      const file = await trpcClient.timesheets.csv.query({ jobId });
      downloadCsv(file.csv, file.fileName, file.contentType);
    } catch (error) {
      toastError(error);
    } finally {
      setDownloading(false);
    }
  }

  const earnings = !owner ? data.workers[0]?.earnings : undefined;
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8" data-testid="timesheets-page">
      <BackLink to="/jobs/$jobId" params={{ jobId }}>
        {m.applications_back_to_job()}
      </BackLink>
      <header className="space-y-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{m.shift_timesheets_title()}</h1>
          <p className="text-muted-foreground break-words" dir="auto">
            {data.job.title}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void download()} disabled={downloading} data-testid="timesheets-csv">
            <Download aria-hidden />
            {m.shift_download_csv()}
          </Button>
          {owner && isActiveJob(data.job.status) && (
            <LinkButton to="/jobs/$jobId/attendance" params={{ jobId }} variant="outline">
              <QrCode aria-hidden />
              {m.shift_code_open()}
            </LinkButton>
          )}
          {owner && pendingIds.length > 1 && (
            <Button
              onClick={() => approve.mutate({ timesheetIds: pendingIds })}
              disabled={approve.isPending}
              data-testid="timesheets-approve-all"
            >
              <CheckCheck aria-hidden />
              {m.shift_approve_all({ count: pendingIds.length })}
            </Button>
          )}
        </div>
      </header>
      {earnings && (
        <SectionCard
          title={m.shift_earnings_title()}
          icon={<Wallet aria-hidden className="size-5 text-muted-foreground" />}
          contentClassName="grid gap-1"
          data-testid="timesheets-earnings"
        >
          <p className="text-2xl font-bold tabular-nums" data-testid="timesheets-earned">
            {earnings.amount === null ? m.shift_earnings_no_rate() : formatMoney(earnings.amount, data.job.currency)}
          </p>
          <p className="text-sm text-muted-foreground">
            {m.shift_earnings_agreed({ hours: hoursText(earnings.agreedMinutes) })}
            {earnings.openMinutes > 0 && ` · ${m.shift_earnings_open({ hours: hoursText(earnings.openMinutes) })}`}
          </p>
        </SectionCard>
      )}
      {data.rows.length === 0 ? (
        <p className="text-muted-foreground">{m.shift_no_workers()}</p>
      ) : (
        <ul className="grid gap-3" data-testid="timesheets-list">
          {data.rows.map((row) => (
            <TimesheetRow
              key={`${row.applicationId}:${row.date}`}
              jobId={jobId}
              owner={owner}
              row={row}
              approve={approve}
              accept={accept}
            />
          ))}
        </ul>
      )}
    </main>
  );
}
