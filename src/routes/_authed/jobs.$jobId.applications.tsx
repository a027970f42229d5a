import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Inbox, Users } from "lucide-react";
import { useEffect, useRef } from "react";
import { hasOpenPositions } from "../../../domain/applications";
import { ERR } from "../../../domain/errors";
import { ApplicationCard } from "../../components/applications/application-card";
import { errorKey } from "../../lib/errors";
import { isolate } from "../../lib/locale";
import { JobStatusBadge } from "../../components/jobs/job-status-badge";
import { Card, CardContent } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { formatNumber } from "../../lib/format";
import { toastError } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/jobs/$jobId/applications")({ component: ApplicationsPage });

/**
 * SPEC.md §6: only the owner manages applications; anyone else is told 'Access Denied: Only the job
 * owner can manage applications' and goes back to the job page. Reported once.
 */
function useLeaveWhenDenied(error: unknown, jobId: string) {
  const navigate = useNavigate();
  const reported = useRef(false);
  useEffect(() => {
    if (!error || reported.current) return;
    reported.current = true;
    toastError(error, errorKey(error) === ERR.applicationsAccessDenied ? undefined : m.applications_load_failed());
    void navigate({ to: "/jobs/$jobId", params: { jobId }, replace: true });
  }, [error, jobId, navigate]);
}

function ApplicationsPage() {
  const { jobId } = Route.useParams();
  const list = useQuery(trpc.applications.forJob.queryOptions({ jobId }));
  useLeaveWhenDenied(list.error, jobId);
  const data = list.data;

  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8" data-testid="applications-page">
      <Link
        to="/jobs/$jobId"
        params={{ jobId }}
        className="-ms-2 inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
        data-testid="applications-back"
      >
        <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
        {m.applications_back_to_job()}
      </Link>
      {!data ? (
        <div aria-busy="true" className="space-y-4">
          <p className="sr-only" role="status">{m.common_loading()}</p>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <>
          <header className="space-y-4">
            <div className="space-y-2">
              <JobStatusBadge status={data.job.status} />
              <h1 className="text-2xl font-bold break-words sm:text-3xl" data-testid="applications-title">
                {m.applications_for_job({ title: isolate(data.job.title) })}
              </h1>
            </div>
            <Capacity accepted={data.job.acceptedCount} max={data.job.maxWorkers} />
          </header>
          {data.applications.length === 0 ? (
            <Card data-testid="applications-empty">
              <CardContent className="flex flex-col items-center gap-3 py-6 text-center text-muted-foreground">
                <Inbox aria-hidden className="size-8" />
                <p>{m.applications_empty()}</p>
              </CardContent>
            </Card>
          ) : (
            <ul className="grid gap-4" data-testid="applications-list">
              {data.applications.map((application) => (
                <li key={application.id}>
                  <ApplicationCard
                    jobId={jobId}
                    application={application}
                    canAccept={hasOpenPositions(data.job) && (data.job.status === "open" || data.job.status === "in_progress")}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}

/** "1 of 2 positions filled" with a bar, and a note once every position is taken. */
function Capacity({ accepted, max }: { accepted: number; max: number }) {
  const text = m.applications_capacity({ accepted: formatNumber(accepted), max: formatNumber(max) });
  const full = accepted >= max;
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-4">
      <p className="flex items-center gap-2 text-sm font-medium" data-testid="applications-capacity" data-accepted={accepted} data-max={max}>
        <Users aria-hidden className="size-4 text-muted-foreground" />
        {text}
      </p>
      <Progress value={accepted} max={max} aria-label={text} />
      {full && <p className="text-sm text-muted-foreground" data-testid="applications-full">{m.applications_capacity_reached()}</p>}
    </div>
  );
}
