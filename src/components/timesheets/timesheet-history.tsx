import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useState } from "react";

import type { TimesheetAction, TimesheetActor } from "../../../domain/timesheets.ts";
import { errorMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { hoursText } from "./timesheet-hours.ts";

const ACTORS: Record<TimesheetActor, () => string> = {
  worker: () => m.shift_actor_worker(),
  owner: () => m.shift_actor_owner(),
  system: () => m.shift_actor_system(),
  operator: () => m.shift_actor_operator(),
};

const ACTIONS: Record<TimesheetAction, () => string> = {
  recorded: () => m.shift_action_recorded(),
  approved: () => m.shift_action_approved(),
  edited: () => m.shift_action_edited(),
  accepted: () => m.shift_action_accepted(),
  disputed: () => m.shift_action_disputed(),
  resolved: () => m.shift_action_resolved(),
  auto_approved: () => m.shift_action_auto_approved(),
  auto_accepted: () => m.shift_action_auto_accepted(),
  settled: () => m.shift_action_settled(),
};

/** "Owner edited: 8:00 hrs → 7:30 hrs · reason" — one line of a timesheet's history. */
export function ChangeLine({
  change,
}: {
  change: {
    actor: TimesheetActor;
    action: TimesheetAction;
    oldMinutes: number | null;
    newMinutes: number | null;
    reason: string | null;
    at: Date | string;
  };
}) {
  const changed = change.oldMinutes !== null && change.newMinutes !== null && change.oldMinutes !== change.newMinutes;
  return (
    <span className="text-sm" data-testid="timesheet-change">
      <span className="font-medium">
        {ACTORS[change.actor]()}: {ACTIONS[change.action]()}
      </span>
      {change.newMinutes !== null && (
        <span className="tabular-nums">
          {" · "}
          {changed && change.oldMinutes !== null && (
            <>
              <bdi>{hoursText(change.oldMinutes)}</bdi>
              <ArrowRight aria-hidden className="mx-1 inline size-3.5 rtl:rotate-180" />
              <span className="sr-only">→</span>
            </>
          )}
          <bdi>{hoursText(change.newMinutes)}</bdi>
        </span>
      )}
      {change.reason && (
        <span className="text-muted-foreground">
          {" · "}
          <bdi>{change.reason}</bdi>
        </span>
      )}
      <span className="block text-xs text-muted-foreground">{formatDateTime(change.at)}</span>
    </span>
  );
}

/** A timesheet's whole history, read when opened. */
export function TimesheetHistory({ timesheetId }: { timesheetId: string }) {
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...trpc.timesheets.history.queryOptions({ timesheetId }), enabled: open });
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="timesheet-history">
      <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">{m.shift_history()}</summary>
      {history.isError ? (
        <p role="alert" className="pt-2 text-sm">
          {errorMessage(history.error)}
        </p>
      ) : (
        <ol className="grid gap-2 pt-2">
          {history.data?.events.map((event) => (
            <li key={event.id}>
              <ChangeLine change={event} />
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
