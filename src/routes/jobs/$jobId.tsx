import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Building2, CalendarDays, CalendarX, Clock, MapPin, ShieldCheck, Users, Wallet } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";

import { ApplyBar } from "../../components/applications/apply-bar.tsx";
import { cancellationTerms } from "../../components/jobs/cancellation-terms.ts";
import { JobActions } from "../../components/jobs/job-actions.tsx";
import { employerName, rateLabel } from "../../components/jobs/job-money.ts";
import { payModeLabel } from "../../components/jobs/job-pay.ts";
import { placeLine } from "../../components/jobs/job-place.ts";
import { JobNotFound } from "../../components/jobs/job-states.tsx";
import type { JobDetails } from "../../components/jobs/job-types.ts";
import { SkillBadges } from "../../components/jobs/skill-badges.tsx";
import { JobStatusBadge } from "../../components/jobs/status-badges.tsx";
import { JobTranslateToggle, type JobTranslationText } from "../../components/jobs/translate-toggle.tsx";
import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { personName } from "../../components/profile/person-name.ts";
import { FollowEmployer } from "../../components/rehiring/follow-button.tsx";
import { RatingSummary } from "../../components/reviews/rating.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle, SectionCard } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDate, formatDay } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { useAmountConverter } from "../../lib/reader-currency.ts";
import { orNotFound, requireUuid } from "../../lib/route-data.ts";
import { useMe } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

// The owner's and a worker's cards (managing, shifts, invitations) load only for a signed-in reader.
// Only an owner of a held or removed job sees these (docs/decisions/069): no reader's first load carries them.
const ModerationBadge = lazy(() =>
  import("../../components/moderation/moderation-notice.tsx").then((module) => ({ default: module.ModerationBadge })),
);
const ModerationNote = lazy(() =>
  import("../../components/moderation/moderation-notice.tsx").then((module) => ({ default: module.ModerationNote })),
);
const JobMemberCards = lazy(() =>
  import("../../components/jobs/job-member-cards.tsx").then((module) => ({ default: module.JobMemberCards })),
);
// The same chunk: on a hired worker's shift day, Check in / Check out above the description.
const JobMemberLead = lazy(() =>
  import("../../components/jobs/job-member-cards.tsx").then((module) => ({ default: module.JobMemberLead })),
);

export const Route = createFileRoute("/jobs/$jobId")({
  loader: async ({ context, params }) => {
    requireUuid(params.jobId);
    return orNotFound(context.queryClient.ensureQueryData(context.trpc.jobs.byId.queryOptions({ jobId: params.jobId })));
  },
  // On the server only (docs/decisions/052): a shared link's preview, and server-side rendering for a
  // visitor, whose job page is everyone's (a member's has their own parts).
  ...(import.meta.env.SSR
    ? {
        head: async ({ loaderData }) => (await import("../../lib/share-meta.ts")).jobHead(loaderData),
        staticData: { serverRendered: "visitors" },
      }
    : {}),
  notFoundComponent: () => <JobNotFound />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.job_page_failed()} error={error} />,
  component: JobPage,
});

function JobPage() {
  const { jobId } = Route.useParams();
  const { data: job } = useSuspenseQuery(trpc.jobs.byId.queryOptions({ jobId }));
  usePageTitle(job.title);
  const me = useMe();
  const isOwner = me.data?.user.id === job.employerId;
  return (
    <>
      <JobView
        job={job}
        isOwner={isOwner}
        lead={
          me.data && (
            <Suspense fallback={null}>
              <JobMemberLead job={job} me={me.data} isOwner={isOwner} />
            </Suspense>
          )
        }
        aside={
          <>
            {me.data && (
              <Suspense fallback={null}>
                <JobMemberCards job={job} me={me.data} isOwner={isOwner} />
              </Suspense>
            )}
            <JobActions job={job} me={me.data} />
          </>
        }
      />
      {/* Phones: Apply (Check in on a shift day, else Open chat) stays at hand while the card is out of sight. */}
      <ApplyBar job={job} me={me.data} />
    </>
  );
}

/**
 * One fact of the job, a dt/dd group (a div of a dl may hold only those: the icon rides in the dt, set
 * into the group's start margin); `note` is a small line under the value (the rate in the reader's currency);
 * a `wide` fact (a sentence) takes both columns.
 */
function Fact({
  icon,
  label,
  children,
  testId,
  note,
  wide = false,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId: string;
  note?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={cn("relative min-w-0 ps-7 sm:ps-8", wide && "min-[24rem]:col-span-2")}>
      <dt className="text-xs text-muted-foreground break-words hyphens-auto">
        <span className="absolute start-0 top-0.5 text-muted-foreground">{icon}</span>
        {label}
      </dt>
      <dd className="font-medium break-words" data-testid={testId}>
        {children}
      </dd>
      {note && (
        <dd className="text-sm text-muted-foreground" data-testid={`${testId}-converted`}>
          {note}
        </dd>
      )}
    </div>
  );
}

/** The employer's name, linking to their profile page unless the profile is hidden from this reader. */
function EmployerLink({
  job,
  isOwner,
  children,
  className,
}: {
  job: JobDetails;
  isOwner: boolean;
  children: ReactNode;
  className?: string;
}) {
  if (!job.employer.profileVisible && !isOwner)
    return (
      <span className={className} dir="auto">
        {children}
      </span>
    );
  return (
    <Link
      to="/profile/$profileId"
      params={{ profileId: job.employer.id }}
      className={cn(className, "hover:underline")}
      dir="auto"
    >
      {children}
    </Link>
  );
}

function JobView({ job, isOwner, lead, aside }: { job: JobDetails; isOwner: boolean; lead?: ReactNode; aside: ReactNode }) {
  const [translation, setTranslation] = useState<JobTranslationText | null>(null);
  const converted = useAmountConverter()(job.hourlyRate, job.currency);
  const name = employerName(job.employer);
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8" data-testid="job-page">
      <BackLink to="/" data-testid="job-back">
        {m.job_page_back()}
      </BackLink>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {lead}
          <Card>
            <CardHeader className="gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <JobStatusBadge status={job.status} startsAt={job.startsAt} />
                {job.moderation !== "visible" && (
                  <Suspense fallback={null}>
                    <ModerationBadge moderation={job.moderation} />
                  </Suspense>
                )}
                <Badge variant="secondary" data-testid="job-category">
                  {translate(`category_${job.category}`)}
                </Badge>
              </div>
              <CardTitle asChild>
                <h1 className="text-2xl break-words sm:text-3xl" dir="auto" data-testid="job-title">
                  {translation?.title ?? job.title}
                </h1>
              </CardTitle>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span data-testid="job-employer">
                  <EmployerLink job={job} isOwner={isOwner} className="text-muted-foreground hover:text-foreground">
                    {name}
                  </EmployerLink>
                </span>
                <RatingSummary {...job.employerRating} testId="employer-rating" />
              </div>
              <JobTranslateToggle jobId={job.id} jobLanguage={job.language} onTranslated={setTranslation} />
              {job.moderation !== "visible" && (
                <Suspense fallback={null}>
                  <ModerationNote moderation={job.moderation} />
                </Suspense>
              )}
            </CardHeader>
            <CardContent className="space-y-6">
              {/* Two columns only where a fact's words fit whole: on a 320 px phone they broke mid-word. */}
              <dl className="grid gap-4 min-[24rem]:grid-cols-2">
                <Fact icon={<MapPin aria-hidden className="size-5" />} label={m.job_page_location()} testId="job-location">
                  <span dir="auto">{placeLine(job)}</span>
                  {job.address && (
                    <span className="block text-sm text-muted-foreground" dir="auto" data-testid="job-address">
                      {job.address}
                    </span>
                  )}
                </Fact>
                <Fact
                  icon={<CalendarDays aria-hidden className="size-5" />}
                  label={m.job_page_start_date()}
                  testId="job-start-date"
                >
                  {formatDate(job.startDate, "long")}
                  {job.startTime && (
                    <span className="block text-sm text-muted-foreground" data-testid="job-start-time">
                      {m.job_page_shift_starts({ time: job.startTime.slice(0, 5) })}
                    </span>
                  )}
                </Fact>
                <Fact
                  icon={<Clock aria-hidden className="size-5" />}
                  label={m.job_page_duration()}
                  testId="job-duration"
                  note={job.partialDays && job.durationDays > 1 && m.job_partial_days_note()}
                >
                  {m.job_card_days({ count: job.durationDays })}
                </Fact>
                <Fact
                  icon={<Wallet aria-hidden className="size-5" />}
                  label={m.job_page_rate()}
                  testId="job-rate"
                  note={converted}
                >
                  {rateLabel(job.hourlyRate, job.currency)}
                </Fact>
                <Fact icon={<ShieldCheck aria-hidden className="size-5" />} label={m.job_page_pay()} testId="job-pay-mode">
                  {payModeLabel(job.payMode)}
                </Fact>
                <Fact icon={<Users aria-hidden className="size-5" />} label={m.job_page_workers()} testId="job-workers">
                  {m.job_workers_count({ count: job.maxWorkers })}
                </Fact>
                <Fact icon={<CalendarDays aria-hidden className="size-5" />} label={m.job_page_posted()} testId="job-posted">
                  {formatDay(job.createdAt)}
                </Fact>
                {/* Said before anyone applies (docs/decisions/078): what a late cancellation pays, and costs. */}
                <Fact
                  icon={<CalendarX aria-hidden className="size-5" />}
                  label={m.job_page_cancellation()}
                  testId="job-cancellation"
                  wide
                >
                  <span className="font-normal">{cancellationTerms(job)}</span>
                </Fact>
              </dl>
              <section className="space-y-2">
                <h2 className="font-semibold">{m.job_page_description()}</h2>
                <p className="whitespace-pre-line text-pretty" dir="auto" data-testid="job-description">
                  {translation?.description ?? job.description}
                </p>
              </section>
              {job.skills && job.skills.length > 0 && (
                <section className="space-y-2">
                  <h2 className="font-semibold">{m.job_page_skills()}</h2>
                  <SkillBadges skills={job.skills} />
                </section>
              )}
            </CardContent>
          </Card>
        </div>
        <aside className="space-y-6">
          {aside}
          <SectionCard
            title={m.job_page_about_employer()}
            icon={<Building2 aria-hidden className="size-5 text-muted-foreground" />}
            contentClassName="grid gap-2 text-sm"
            data-testid="about-employer"
          >
            <EmployerLink job={job} isOwner={isOwner} className="font-medium">
              {personName(job.employer.fullName)}
            </EmployerLink>
            {job.employer.companyName && <p dir="auto">{job.employer.companyName}</p>}
            {job.employer.location && (
              <p className="flex items-center gap-1.5 text-muted-foreground">
                <MapPin aria-hidden className="size-4" />
                <span dir="auto">{job.employer.location}</span>
              </p>
            )}
            {job.employer.bio && (
              <p className="whitespace-pre-line text-muted-foreground" dir="auto">
                {job.employer.bio}
              </p>
            )}
            {!isOwner && <FollowEmployer employerId={job.employer.id} />}
          </SectionCard>
        </aside>
      </div>
    </main>
  );
}
