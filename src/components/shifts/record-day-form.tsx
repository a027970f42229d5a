import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { errorMessage } from "../../lib/errors.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { useBefore } from "../../lib/use-before.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";

/**
 * The owner records a hired worker's day: present with times (the check-out may wait), or absent; a
 * reason when the day already has a record (the server says so when it is missing). Absent is offered
 * from `absentFrom` on (the shift's start plus its grace: docs/decisions/056), and says when before.
 */
export function RecordDayForm({
  jobId,
  applicationId,
  date,
  checkIn,
  checkOut,
  hasRecord,
  absentFrom,
}: {
  jobId: string;
  applicationId: string;
  date: string;
  checkIn: string | null;
  checkOut: string | null;
  hasRecord: boolean;
  /** From when absent may be recorded, as the job's local time to show ("18:30", or a date and time). */
  absentFrom: { at: Date; local: string };
}) {
  const queryClient = useQueryClient();
  const [presence, setPresence] = useState<"present" | "absent">("present");
  const [times, setTimes] = useState({ checkIn: checkIn ?? "", checkOut: checkOut ?? "" });
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const record = useMutation(
    trpc.attendance.record.mutationOptions({
      onSuccess: () => {
        setError(undefined);
        setReason("");
        toastSuccess(m.shift_day_recorded());
        void queryClient.invalidateQueries({ queryKey: trpc.timesheets.forJob.queryKey({ jobId }) });
      },
      onError: (e) => setError(errorMessage(e)),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const base = { applicationId, date, reason: reason.trim() || null };
    if (presence === "absent") record.mutate({ ...base, presence });
    else record.mutate({ ...base, presence, checkIn: times.checkIn, checkOut: times.checkOut || null });
  }

  const name = `presence-${applicationId}-${date}`;
  const absentOpen = !useBefore(absentFrom.at);
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate data-testid="record-day-form">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{m.shift_presence()}</legend>
        {(["present", "absent"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={value}
              checked={presence === value}
              disabled={value === "absent" && !absentOpen}
              onChange={() => setPresence(value)}
              className="size-4 accent-primary"
            />
            {value === "present" ? m.shift_present() : m.shift_absent()}
          </label>
        ))}
      </fieldset>
      {!absentOpen && (
        <p className="text-sm text-muted-foreground" data-testid="absent-from">
          {m.shift_absent_from({ time: absentFrom.local })}
        </p>
      )}
      {presence === "present" && (
        <div className="grid grid-cols-2 gap-3">
          <Field label={m.shift_check_in_time()}>
            <Input type="time" value={times.checkIn} onChange={(e) => setTimes({ ...times, checkIn: e.target.value })} />
          </Field>
          <Field label={m.shift_check_out_time()}>
            <Input type="time" value={times.checkOut} onChange={(e) => setTimes({ ...times, checkOut: e.target.value })} />
          </Field>
        </div>
      )}
      {hasRecord && (
        <Field label={m.shift_reason()}>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={2} />
        </Field>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="record-day-error">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" disabled={record.isPending} className="justify-self-start">
        {m.shift_record_save()}
      </Button>
    </form>
  );
}
