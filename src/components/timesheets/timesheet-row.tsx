import type { UseMutationResult } from "@tanstack/react-query";

import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import type { RouterOutputs } from "../../trpc.ts";
import { personName } from "../profile/person-name.ts";
import { DayTimes } from "../shifts/day-times.tsx";
import { Button } from "../ui/button.tsx";
import { DirectPayLine } from "./direct-pay-line.tsx";
import { MinutesReasonForm } from "./minutes-reason-form.tsx";
import { TimesheetEscalation } from "./timesheet-escalation.tsx";
import { ChangeLine, TimesheetHistory } from "./timesheet-history.tsx";
import { hoursText } from "./timesheet-hours.ts";
import { TimesheetStatusBadge } from "./timesheet-status-badge.tsx";
import { ownerCanApprove, ownerCanEdit, workerCanAnswer } from "./timesheet-turns.ts";

type Row = RouterOutputs["timesheets"]["forJob"]["rows"][number];
/** What the row reads of a mutation the page holds (one for every row, so a pending one disables them all). */
type Mutation<Input> = Pick<UseMutationResult<unknown, unknown, Input>, "mutate" | "isPending">;

/**
 * One worker's day on the timesheets page: times, recorded and proposed hours, the latest change, and
 * what the viewer may do now (approve, accept, edit, resolve, dispute, ask Daywork), with its history.
 */
export function TimesheetRow({
  jobId,
  owner,
  row,
  approve,
  accept,
}: {
  jobId: string;
  owner: boolean;
  row: Row;
  approve: Mutation<{ timesheetIds: string[] }>;
  accept: Mutation<{ timesheetId: string }>;
}) {
  const sheet = row.timesheet;
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4" data-testid="timesheet-row" data-date={row.date}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{formatDate(row.date, "long")}</p>
          {owner && (
            <p className="break-words" dir="auto">
              {personName(row.workerName)}
            </p>
          )}
        </div>
        <TimesheetStatusBadge status={sheet?.status ?? null} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{m.shift_times()}</dt>
          <dd>{row.begun ? <DayTimes attendance={row.attendance} /> : m.shift_not_begun()}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{m.shift_recorded()}</dt>
          <dd className="tabular-nums">{sheet?.recordedMinutes != null ? hoursText(sheet.recordedMinutes) : "—"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{m.shift_proposed()}</dt>
          <dd className="font-medium tabular-nums" data-testid="timesheet-minutes" data-minutes={sheet?.minutes}>
            {sheet ? hoursText(sheet.minutes) : "—"}
          </dd>
        </div>
      </dl>
      {row.latestChange && <ChangeLine change={row.latestChange} />}
      {sheet && (
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            {owner && ownerCanApprove(sheet.status) && (
              <Button
                size="sm"
                onClick={() => approve.mutate({ timesheetIds: [sheet.id] })}
                disabled={approve.isPending}
                data-testid="timesheet-approve"
              >
                {m.shift_approve()}
              </Button>
            )}
            {!owner && workerCanAnswer(sheet.status) && (
              <Button
                size="sm"
                onClick={() => accept.mutate({ timesheetId: sheet.id })}
                disabled={accept.isPending}
                data-testid="timesheet-accept"
              >
                {m.shift_accept()}
              </Button>
            )}
          </div>
          {owner && ownerCanEdit(sheet.status) && (
            <MinutesReasonForm jobId={jobId} timesheetId={sheet.id} kind="edit" minutes={sheet.minutes} />
          )}
          {owner && sheet.status === "disputed" && (
            <MinutesReasonForm jobId={jobId} timesheetId={sheet.id} kind="resolve" minutes={sheet.minutes} />
          )}
          {!owner && workerCanAnswer(sheet.status) && (
            <MinutesReasonForm jobId={jobId} timesheetId={sheet.id} kind="dispute" minutes={sheet.minutes} />
          )}
          {row.directPay && <DirectPayLine jobId={jobId} timesheetId={sheet.id} owner={owner} pay={row.directPay} />}
          <TimesheetEscalation jobId={jobId} row={row} />
          <TimesheetHistory timesheetId={sheet.id} />
        </div>
      )}
    </li>
  );
}
