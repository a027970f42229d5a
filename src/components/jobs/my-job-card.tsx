import { CalendarDays, ClipboardList, Inbox, MapPin, ShieldCheck, ShieldQuestion, Users, Wallet } from "lucide-react";

import { shownJobStatus } from "../../../domain/job-clock.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { m } from "../../paraglide/messages.js";
import { ModerationBadge } from "../moderation/moderation-notice.tsx";
import { Badge } from "../ui/badge.tsx";
import { CardLink } from "../ui/card-link.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { placeLine } from "./job-place.ts";
import type { MyJobItem } from "./job-types.ts";
import { SkillBadges } from "./skill-badges.tsx";
import { ApplicationStatusBadge, JobStatusBadge } from "./status-badges.tsx";

/** A posted job's applications: how many, how many are new (a marker), leading to the applications page. */
function ApplicantsLine({ jobId, applicants }: { jobId: string; applicants: NonNullable<MyJobItem["applicants"]> }) {
  return (
    <LinkButton
      to="/jobs/$jobId/applications"
      params={{ jobId }}
      variant="outline"
      size="sm"
      // Above the card's stretched title link, so it opens the applications rather than the job.
      className="relative z-10 self-start"
      data-testid="my-job-applicants"
      data-new={applicants.new}
    >
      <Inbox aria-hidden />
      {m.my_jobs_applicants({ count: applicants.total })}
      {applicants.new > 0 && (
        <Badge variant="red" data-testid="my-job-applicants-new">
          {m.my_jobs_applicants_new({ count: applicants.new })}
        </Badge>
      )}
    </LinkButton>
  );
}

/** A hired worker's job, or a posted job under way or done: its timesheets are worth a link. */
function hasTimesheets(job: MyJobItem): boolean {
  if (job.applicationStatus) return job.applicationStatus === "accepted" && job.status !== "cancelled";
  const status = shownJobStatus(job.status, job.startsAt);
  return job.applicants !== null && job.applicants !== undefined && (status === "in_progress" || status === "completed");
}

/**
 * When the card's person works: a worker hired (or applying) for some of the days, the first of theirs
 * and how many (docs/decisions/046); anyone else the job's start and length.
 */
function ownStart(job: MyJobItem): { date: string; days: number } {
  const [first] = job.myDays ?? [];
  return job.myDays && first ? { date: first, days: job.myDays.length } : { date: job.startDate, days: job.durationDays };
}

/**
 * A card of /my-jobs: title, status and start date first (a worker's own first day); a posted job also its applicants (with the
 * new ones marked) and how many workers it needs, a job applied to the application's status.
 */
export function MyJobCard({ job }: { job: MyJobItem }) {
  const start = ownStart(job);
  return (
    <Card
      className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-ring/40 hover:shadow-md"
      data-testid="my-job-card"
      data-job-id={job.id}
    >
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle asChild className="line-clamp-2">
            <h2>
              <CardLink to="/jobs/$jobId" params={{ jobId: job.id }}>
                {job.title}
              </CardLink>
            </h2>
          </CardTitle>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <JobStatusBadge status={job.status} startsAt={job.startsAt} />
            {job.applicants && <ModerationBadge moderation={job.moderation} />}
          </div>
        </div>
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="my-job-start" data-date={start.date}>
          <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {m.job_card_starts({ date: formatDate(start.date) })}
          <span className="text-muted-foreground">· {m.job_card_days({ count: start.days })}</span>
        </p>
        {job.applicationStatus && (
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="my-application-status">
            <span className="text-muted-foreground">{m.my_jobs_your_application()}</span>
            <ApplicationStatusBadge status={job.applicationStatus} mine />
            {/* Hired through Daywork: whether the employer's payment for them is held (docs/decisions/079). */}
            {job.paySecured !== null && (
              <span
                className="inline-flex items-center gap-1 text-muted-foreground"
                data-testid="my-job-pay-secured"
                data-secured={job.paySecured}
              >
                {job.paySecured ? (
                  <ShieldCheck aria-hidden className="size-4 text-emerald-600" />
                ) : (
                  <ShieldQuestion aria-hidden className="size-4" />
                )}
                {job.paySecured ? m.my_jobs_pay_secured() : m.my_jobs_pay_not_secured()}
              </span>
            )}
          </p>
        )}
        {job.applicants && <ApplicantsLine jobId={job.id} applicants={job.applicants} />}
        {hasTimesheets(job) && (
          <LinkButton
            to="/jobs/$jobId/timesheets"
            params={{ jobId: job.id }}
            variant="outline"
            size="sm"
            className="relative z-10 self-start"
            data-testid="my-job-timesheets"
          >
            <ClipboardList aria-hidden />
            {m.shift_timesheets_open()}
          </LinkButton>
        )}
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p className="line-clamp-2 text-muted-foreground" dir="auto">
          {job.description}
        </p>
        <span className="flex items-center gap-2">
          <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate" dir="auto">
            {placeLine(job)}
          </span>
        </span>
        {job.hourlyRate !== null && (
          <span className="flex items-center gap-2">
            <Wallet aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {m.job_card_per_hour({ amount: formatMoney(job.hourlyRate, job.currency) })}
          </span>
        )}
        {job.applicants && (
          <span className="flex items-center gap-2">
            <Users aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {m.job_workers_count({ count: job.maxWorkers })}
          </span>
        )}
        <Badge variant="secondary" className="justify-self-start">
          {translate(`category_${job.category}`)}
        </Badge>
        <SkillBadges skills={job.skills} />
      </CardContent>
    </Card>
  );
}
