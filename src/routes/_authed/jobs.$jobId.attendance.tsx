import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ClipboardList, QrCode, Users } from "lucide-react";

import { todayIn } from "../../../domain/age.ts";
import { localTime } from "../../../domain/wall-clock.ts";
import { JobNotFound } from "../../components/jobs/job-states.tsx";
import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { personName } from "../../components/profile/person-name.ts";
import { CheckInCode } from "../../components/shifts/check-in-code.tsx";
import { DayTimes } from "../../components/shifts/day-times.tsx";
import { RecordDayForm } from "../../components/shifts/record-day-form.tsx";
import { SectionCard } from "../../components/ui/card.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { formatDate } from "../../lib/format.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { orNotFound, requireUuid } from "../../lib/route-data.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/jobs/$jobId/attendance")({
  loader: async ({ context, params }) => {
    requireUuid(params.jobId);
    await orNotFound(context.queryClient.ensureQueryData(context.trpc.timesheets.forJob.queryOptions({ jobId: params.jobId })));
  },
  notFoundComponent: () => <JobNotFound />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.shift_load_failed()} error={error} />,
  component: AttendancePage,
});

/** An instant as the job's clocks show it: the time, with the date when it is not on `date`. */
function jobLocal(at: Date, date: string, timeZone: string): string {
  const day = todayIn(timeZone, at);
  const time = localTime(at, timeZone);
  return day === date ? time : `${formatDate(day)} ${time}`;
}

/** /jobs/{jobId}/attendance: the owner's check-in code, and each hired worker's days to record. */
function AttendancePage() {
  const { jobId } = Route.useParams();
  const { data } = useSuspenseQuery(trpc.timesheets.forJob.queryOptions({ jobId }));
  usePageTitle(m.shift_attendance_title());
  if (data.viewer !== "owner") return <JobNotFound />;
  const begun = data.rows.filter((r) => r.begun);
  const dates = [...new Set(begun.map((r) => r.date))];
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8" data-testid="attendance-page">
      <BackLink to="/jobs/$jobId" params={{ jobId }}>
        {m.applications_back_to_job()}
      </BackLink>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{m.shift_attendance_title()}</h1>
        <p className="text-muted-foreground break-words" dir="auto">
          {data.job.title}
        </p>
      </header>
      <SectionCard
        title={m.shift_code_title()}
        icon={<QrCode aria-hidden className="size-5 text-muted-foreground" />}
        description={m.shift_code_explain()}
      >
        <CheckInCode jobId={jobId} />
      </SectionCard>
      <SectionCard
        title={m.shift_workers_title()}
        icon={<Users aria-hidden className="size-5 text-muted-foreground" />}
        contentClassName="grid gap-6"
        data-testid="attendance-days"
      >
        {data.workers.length === 0 ? (
          <p className="text-muted-foreground">{m.shift_no_workers()}</p>
        ) : dates.length === 0 ? (
          <p className="text-muted-foreground">{m.shift_no_days_yet()}</p>
        ) : (
          dates.map((date) => (
            <section key={date} className="grid gap-3">
              <h3 className="font-semibold">{formatDate(date, "long")}</h3>
              <ul className="grid gap-3">
                {begun
                  .filter((r) => r.date === date)
                  .map((row) => (
                    <li key={row.applicationId} className="grid gap-2 rounded-lg border p-3" data-testid="attendance-row">
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <span className="font-medium break-words" dir="auto">
                          {personName(row.workerName)}
                        </span>
                        <DayTimes attendance={row.attendance} />
                      </div>
                      {/* A worker who withdrew keeps their recorded days, which are no longer theirs to record. */}
                      {row.hired && (
                        <details>
                          <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">
                            {row.attendance ? m.shift_record_change() : m.shift_record_open()}
                          </summary>
                          <div className="pt-3">
                            <RecordDayForm
                              jobId={jobId}
                              applicationId={row.applicationId}
                              date={row.date}
                              checkIn={row.attendance?.checkInLocal ?? null}
                              checkOut={row.attendance?.checkOutLocal ?? null}
                              hasRecord={row.attendance !== null}
                              absentFrom={{ at: row.absentFrom, local: jobLocal(row.absentFrom, row.date, data.job.timeZone) }}
                            />
                          </div>
                        </details>
                      )}
                    </li>
                  ))}
              </ul>
            </section>
          ))
        )}
        <LinkButton to="/jobs/$jobId/timesheets" params={{ jobId }} variant="outline" className="justify-self-start">
          <ClipboardList aria-hidden />
          {m.shift_timesheets_open()}
        </LinkButton>
      </SectionCard>
    </main>
  );
}
