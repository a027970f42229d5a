import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClipboardClock, Scale } from "lucide-react";
import { useState, type FormEvent } from "react";

import { TIMESHEET_REASON_MAX } from "../../../../domain/timesheets.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDate } from "../../../lib/format.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc } from "../../../trpc.ts";
import { personName } from "../../profile/person-name.ts";
import { ChangeLine } from "../../timesheets/timesheet-history.tsx";
import { hoursText, hoursToMinutes, minutesToClock } from "../../timesheets/timesheet-hours.ts";
import { TimesheetStatusBadge } from "../../timesheets/timesheet-status-badge.tsx";
import { Button } from "../../ui/button.tsx";
import { SectionCard } from "../../ui/card.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { Textarea } from "../../ui/textarea.tsx";
import { AppealStatement, AttendanceFacts, Fact, JobFacts, PartyNotice } from "./case-parts.tsx";
import { DisputeCaseLoader, type DisputeCaseOf } from "./dispute-case-loader.tsx";

type TimesheetCase = DisputeCaseOf<"timesheet">;

/**
 * An escalated timesheet as an operator decides it (docs/decisions/074): the appeal, both parties, the
 * job, the timesheet with its whole history and the day's check-in and check-out, then the settlement:
 * the final hours and a note both sides read.
 */
export function TimesheetAppealCase({ appealId }: { appealId: string }) {
  return <DisputeCaseLoader appealId={appealId} kind="timesheet" render={(found) => <TimesheetCaseView found={found} />} />;
}

function TimesheetCaseView({ found }: { found: TimesheetCase }) {
  const { appeal, job, owner, worker, timesheet, events, attendance } = found;
  const from =
    appeal.side === "worker"
      ? m.dispute_case_from_worker()
      : appeal.side === "owner"
        ? m.dispute_case_from_owner()
        : m.dispute_case_from_deleted();
  return (
    <div className="grid gap-6" data-testid="timesheet-appeal-case">
      <SectionCard title={m.dispute_case_timesheet_title()} icon={<Scale aria-hidden />} contentClassName="grid gap-4">
        <AppealStatement appeal={appeal} from={from} />
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <JobFacts job={job} />
          <Fact term={m.dispute_case_owner()}>{personName(owner.name)}</Fact>
          <Fact term={m.dispute_case_worker()}>{personName(worker.name)}</Fact>
        </dl>
      </SectionCard>
      <SectionCard
        title={m.dispute_case_day({ date: formatDate(timesheet.date, "long") })}
        icon={<ClipboardClock aria-hidden />}
        contentClassName="grid gap-4"
      >
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <TimesheetStatusBadge status={timesheet.status} />
          <span>
            {m.shift_recorded()}: {timesheet.recordedMinutes === null ? "—" : hoursText(timesheet.recordedMinutes)}
          </span>
          <span className="font-medium" data-testid="case-minutes">
            {m.shift_proposed()}: {hoursText(timesheet.minutes)}
          </span>
        </div>
        <AttendanceFacts attendance={attendance} />
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{m.shift_history()}</h3>
          <ol className="grid gap-2" data-testid="case-history">
            {events.map((event) => (
              <li key={event.id}>
                <ChangeLine change={event} />
              </li>
            ))}
          </ol>
        </div>
      </SectionCard>
      {appeal.outcome === null &&
        (found.mayDecide ? <SettleForm appealId={appeal.id} minutes={timesheet.minutes} /> : <PartyNotice />)}
    </div>
  );
}

function SettleForm({ appealId, minutes }: { appealId: string; minutes: number }) {
  const queryClient = useQueryClient();
  const [hours, setHours] = useState(minutesToClock(minutes));
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const settle = useMutation(
    trpc.disputes.settleTimesheet.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.dispute_case_saved());
        void queryClient.invalidateQueries({ queryKey: trpc.disputes.case.queryKey({ appealId }) });
      },
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = hoursToMinutes(hours);
    if (typed === null) return setError(m.error_timesheet_minutes_range());
    setError(undefined);
    settle.mutate({ appealId, minutes: typed, note });
  }
  return (
    <SectionCard title={m.dispute_case_decide()} description={m.dispute_case_settle_hint()}>
      <form onSubmit={submit} noValidate className="grid gap-3" data-testid="case-settle">
        <Field label={m.shift_hours_label()} required>
          <Input
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            placeholder={m.shift_hours_placeholder()}
            className="max-w-32 tabular-nums"
            data-testid="case-settle-hours"
          />
        </Field>
        <Field label={m.dispute_case_note_both()} required error={error}>
          <Textarea
            value={note}
            dir="auto"
            rows={3}
            maxLength={TIMESHEET_REASON_MAX}
            onChange={(e) => setNote(e.target.value)}
            data-testid="case-settle-note"
          />
        </Field>
        <Button type="submit" className="justify-self-start" disabled={settle.isPending} data-testid="case-settle-submit">
          {m.dispute_case_settle()}
        </Button>
      </form>
    </SectionCard>
  );
}
