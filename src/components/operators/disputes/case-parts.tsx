import type { ReactNode } from "react";

import type { AttendanceRecorder } from "../../../../domain/attendance.ts";
import type { AppealOutcome } from "../../../../domain/moderation/decisions.ts";
import { formatDate, formatDateTime } from "../../../lib/format.ts";
import { m } from "../../../paraglide/messages.js";
import { DayTimes } from "../../shifts/day-times.tsx";
import { Badge } from "../../ui/badge.tsx";

const OUTCOMES: Record<AppealOutcome, () => string> = {
  upheld: () => m.dispute_outcome_upheld(),
  reversed: () => m.dispute_outcome_reversed(),
  settled: () => m.dispute_outcome_settled(),
};

/** An appeal's state: open, or its outcome. */
export function AppealOutcomeBadge({ outcome }: { outcome: AppealOutcome | null }) {
  return (
    <Badge variant={outcome === null ? "blue" : "grey"} data-testid="appeal-outcome" data-outcome={outcome ?? "open"}>
      {outcome === null ? m.dispute_outcome_open() : OUTCOMES[outcome]()}
    </Badge>
  );
}

/** What the appellant wrote, who they are in the case and when; the answer once there is one. */
export function AppealStatement({
  appeal,
  from,
}: {
  appeal: {
    text: string;
    createdAt: Date | string;
    outcome: AppealOutcome | null;
    answer: string | null;
    answeredAt: Date | string | null;
  };
  from: string;
}) {
  return (
    <div className="grid gap-2" data-testid="appeal-statement">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{m.dispute_case_sent({ from, date: formatDateTime(appeal.createdAt) })}</p>
        <AppealOutcomeBadge outcome={appeal.outcome} />
      </div>
      <blockquote dir="auto" className="border-s-2 ps-3 whitespace-pre-line break-words">
        {appeal.text}
      </blockquote>
      {appeal.outcome !== null && (
        <p dir="auto" className="text-sm break-words" data-testid="appeal-answer">
          {m.dispute_case_answered({ date: formatDateTime(appeal.answeredAt ?? appeal.createdAt), answer: appeal.answer ?? "" })}
        </p>
      )}
    </div>
  );
}

/** A term and its value in a case's facts. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="break-words" dir="auto">
        {children}
      </dd>
    </div>
  );
}

/** The job a case is about: its title, first day and number of days. */
export function JobFacts({ job }: { job: { title: string; startDate: string; durationDays: number; startTime: string | null } }) {
  return (
    <>
      <Fact term={m.dispute_case_job()}>{job.title}</Fact>
      <Fact term={m.dispute_case_job_days()}>
        {m.dispute_case_job_days_value({ date: formatDate(job.startDate, "long"), count: job.durationDays })}
        {job.startTime ? ` · ${job.startTime.slice(0, 5)}` : ""}
      </Fact>
    </>
  );
}

const RECORDERS: Record<AttendanceRecorder, () => string> = {
  worker: () => m.dispute_case_by_code(),
  owner: () => m.dispute_case_by_owner(),
};

/** One day's attendance: the local times, and whether each was taken with the check-in code or recorded by the owner. */
export function AttendanceFacts({
  attendance,
}: {
  attendance: {
    presence: "present" | "absent";
    checkInLocal: string | null;
    checkOutLocal: string | null;
    checkedInAt: Date | string | null;
    checkedOutAt: Date | string | null;
    checkInBy: AttendanceRecorder | null;
    checkOutBy: AttendanceRecorder | null;
  } | null;
}) {
  if (!attendance) return <p className="text-sm text-muted-foreground">{m.dispute_case_no_attendance()}</p>;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="case-attendance">
      <Fact term={m.shift_times()}>
        <DayTimes attendance={attendance} />
      </Fact>
      {attendance.checkedInAt && (
        <Fact term={m.shift_check_in_time()}>
          {formatDateTime(attendance.checkedInAt)}
          {attendance.checkInBy && (
            <span className="block text-xs text-muted-foreground">{RECORDERS[attendance.checkInBy]()}</span>
          )}
        </Fact>
      )}
      {attendance.checkedOutAt && (
        <Fact term={m.shift_check_out_time()}>
          {formatDateTime(attendance.checkedOutAt)}
          {attendance.checkOutBy && (
            <span className="block text-xs text-muted-foreground">{RECORDERS[attendance.checkOutBy]()}</span>
          )}
        </Fact>
      )}
    </dl>
  );
}

/** Why this operator may not decide: they are a party to it. */
export function PartyNotice() {
  return (
    <p role="note" className="rounded-md border border-destructive/40 p-3 text-sm" data-testid="case-party">
      {m.dispute_case_party()}
    </p>
  );
}
