import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { useState, type FormEvent } from "react";

import type { TimesheetAction, TimesheetActor, TimesheetStatus } from "../../../domain/timesheets.ts";
import { errorMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { hoursToMinutes, minutesToClock } from "./shift-helpers.ts";

/** Minutes as h:mm in the reader's language: "8:25 hrs" (a decimal 8.42 reads as nobody's clock). */
export function hoursText(minutes: number): string {
  return m.shift_hours({ hours: minutesToClock(minutes) });
}

const STATUS_VARIANT: Record<TimesheetStatus, "green" | "blue" | "purple" | "red" | "grey"> = {
  pending_employer: "blue",
  approved: "purple",
  edited: "purple",
  accepted: "green",
  disputed: "red",
  resolved: "green",
  auto_approved: "green",
};

export function TimesheetStatusBadge({ status }: { status: TimesheetStatus | null }) {
  return (
    <Badge variant={status ? STATUS_VARIANT[status] : "grey"} data-testid="timesheet-status" data-status={status ?? "none"}>
      {translate(`timesheet_status_${status ?? "no_record"}`)}
    </Badge>
  );
}

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

/**
 * A disclosure with hours (h:mm, or a decimal) and a reason: the owner's Edit and Resolve, the worker's
 * Dispute (hours optional there). It closes once saved: the card shows the new hours and status.
 */
export function MinutesReasonForm({
  jobId,
  timesheetId,
  kind,
  minutes,
}: {
  jobId: string;
  timesheetId: string;
  kind: "edit" | "resolve" | "dispute";
  minutes: number;
}) {
  const queryClient = useQueryClient();
  const initialHours = kind === "dispute" ? "" : minutesToClock(minutes);
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState(initialHours);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const options = {
    onSuccess: () => {
      setError(undefined);
      setOpen(false);
      setReason("");
      toastSuccess(m.shift_saved());
      void queryClient.invalidateQueries({ queryKey: trpc.timesheets.forJob.queryKey({ jobId }) });
      void queryClient.invalidateQueries({ queryKey: trpc.timesheets.history.queryKey({ timesheetId }) });
    },
    onError: (e: unknown) => setError(errorMessage(e)),
  };
  const edit = useMutation(trpc.timesheets.edit.mutationOptions(options));
  const resolve = useMutation(trpc.timesheets.resolve.mutationOptions(options));
  const dispute = useMutation(trpc.timesheets.dispute.mutationOptions(options));
  const pending = edit.isPending || resolve.isPending || dispute.isPending;
  const label = { edit: m.shift_edit(), resolve: m.shift_resolve(), dispute: m.shift_dispute() }[kind];

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = hoursToMinutes(hours);
    if (typed === null && (kind !== "dispute" || hours.trim() !== "")) {
      setError(m.error_timesheet_minutes_range());
      return;
    }
    if (kind === "dispute") dispute.mutate({ timesheetId, reason, minutes: typed });
    else (kind === "edit" ? edit : resolve).mutate({ timesheetId, reason, minutes: typed ?? 0 });
  }

  return (
    <details
      open={open}
      onToggle={(e) => {
        const opened = e.currentTarget.open;
        setOpen(opened);
        if (opened) setHours(initialHours);
      }}
      data-testid={`timesheet-${kind}`}
    >
      <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">{label}</summary>
      <form onSubmit={submit} noValidate className="grid gap-3 pt-3">
        <Field label={kind === "dispute" ? m.shift_hours_claimed() : m.shift_hours_label()}>
          <Input
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            placeholder={m.shift_hours_placeholder()}
            className="max-w-32 tabular-nums"
            data-testid="timesheet-hours"
          />
        </Field>
        <Field label={m.shift_reason()} required>
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={2}
            data-testid="timesheet-reason"
          />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button
          type="submit"
          size="sm"
          disabled={pending}
          className="justify-self-start"
          data-testid={`timesheet-${kind}-submit`}
        >
          {label}
        </Button>
      </form>
    </details>
  );
}
