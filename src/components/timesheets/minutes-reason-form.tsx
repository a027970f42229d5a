import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { errorMessage } from "../../lib/errors.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { hoursToMinutes, minutesToClock } from "./timesheet-hours.ts";

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
