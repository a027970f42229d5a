import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Inbox, Users } from "lucide-react";

import { canAcceptMore } from "../../../domain/applications.ts";
import { ERR } from "../../../domain/errors.ts";
import { ApplicationCard } from "../../components/applications/application-card.tsx";
import { DayStaffing } from "../../components/applications/day-staffing.tsx";
import { ApplicationsAccessDenied, JobNotFound } from "../../components/jobs/job-states.tsx";
import { JobStatusBadge } from "../../components/jobs/status-badges.tsx";
import { useApplicationsSeen } from "../../components/jobs/use-applications-seen.ts";
import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage, NoticeCard } from "../../components/layout/notice.tsx";
import { JobPayCard } from "../../components/money/job-pay-card.tsx";
import { JobRehiring } from "../../components/rehiring/job-rehiring.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { errorKey } from "../../lib/errors.ts";
import { isolate } from "../../lib/locale.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { orNotFound, requireUuid } from "../../lib/route-data.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/jobs/$jobId/applications")({
  loader: async ({ context, params }) => {
    requireUuid(params.jobId);
    await orNotFound(context.queryClient.ensureQueryData(context.trpc.applications.forJob.queryOptions({ jobId: params.jobId })));
  },
  notFoundComponent: () => <JobNotFound />,
  errorComponent: ApplicationsError,
  component: ApplicationsPage,
});

/**
 * Only the owner manages applications (docs/product.md, Permissions): anyone else, and a job that does
 * not exist, gets 'Access Denied: Only the job owner can manage applications' with the way back.
 */
function ApplicationsError({ error }: { error: unknown }) {
  const { jobId } = Route.useParams();
  if (errorKey(error) === ERR.applicationsAccessDenied) return <ApplicationsAccessDenied jobId={jobId} />;
  return <LoadFailedPage text={m.applications_load_failed()} error={error} />;
}

/** /jobs/{jobId}/applications: the owner's applications with the job's capacity. */
function ApplicationsPage() {
  const { jobId } = Route.useParams();
  const { data } = useSuspenseQuery(trpc.applications.forJob.queryOptions({ jobId }));
  usePageTitle(m.applications_for_job({ title: data.job.title }));
  useApplicationsSeen(jobId, data.applications.length);
  // Capacity is per day (docs/decisions/035): an application can be accepted while each of its days has room.
  const fullDays = new Set(data.days.filter((d) => d.accepted >= data.job.maxWorkers).map((d) => d.date));
  const canAccept = (days: readonly string[] | null) =>
    canAcceptMore(data.job) && (days ?? data.days.map((d) => d.date)).every((d) => !fullDays.has(d));
  const perDay = data.job.partialDays || data.applications.some((a) => a.days !== null);
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8" data-testid="applications-page">
      <BackLink to="/jobs/$jobId" params={{ jobId }} data-testid="applications-back">
        {m.applications_back_to_job()}
      </BackLink>
      <header className="space-y-4">
        <div className="space-y-2">
          <JobStatusBadge status={data.job.status} />
          <h1 className="text-2xl font-bold break-words sm:text-3xl" data-testid="applications-title">
            {m.applications_for_job({ title: isolate(data.job.title) })}
          </h1>
        </div>
        {/* Hiring for some days: each day's staffing says more than the least-staffed day's count. */}
        {perDay ? (
          <DayStaffing days={data.days} max={data.job.maxWorkers} />
        ) : (
          <Capacity accepted={data.job.acceptedCount} max={data.job.maxWorkers} />
        )}
      </header>
      {/* Through Daywork: where the payment held for the hired workers stands (docs/decisions/079). */}
      {data.job.payMode === "through_daywork" && <JobPayCard jobId={jobId} isOwner />}
      {data.applications.length === 0 ? (
        <NoticeCard icon={<Inbox aria-hidden className="size-6" />} title={m.applications_empty()} testId="applications-empty" />
      ) : (
        <ul className="grid gap-4" data-testid="applications-list">
          {data.applications.map((application) => (
            <li key={application.id}>
              <ApplicationCard jobId={jobId} application={application} canAccept={canAccept(application.days)} />
            </li>
          ))}
        </ul>
      )}
      <JobRehiring jobId={jobId} />
    </main>
  );
}

/** "1 of 2 positions filled" with a bar, and a note once every position is taken. */
function Capacity({ accepted, max }: { accepted: number; max: number }) {
  // Numbers, not formatted text: the message picks its plural form by them ("1 poste pourvu sur 2").
  const text = m.applications_capacity({ accepted, max });
  const full = accepted >= max;
  return (
    <div className="grid gap-2 rounded-lg border bg-card p-4">
      <p
        className="flex items-center gap-2 text-sm font-medium"
        data-testid="applications-capacity"
        data-accepted={accepted}
        data-max={max}
      >
        <Users aria-hidden className="size-4 text-muted-foreground" />
        {text}
      </p>
      <Progress value={accepted} max={max} aria-label={text} />
      {full && (
        <p className="text-sm text-muted-foreground" data-testid="applications-full">
          {m.applications_capacity_reached()}
        </p>
      )}
    </div>
  );
}
