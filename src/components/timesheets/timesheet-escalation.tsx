import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Scale } from "lucide-react";
import { useState, type FormEvent } from "react";

import { APPEAL_TEXT_MAX } from "../../../domain/moderation/decisions.ts";
import { escalateTimesheetSchema } from "../../../domain/moderation/disputes.ts";
import { errorMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Textarea } from "../ui/textarea.tsx";

type Row = RouterOutputs["timesheets"]["forJob"]["rows"][number];

/**
 * A disputed timesheet and Daywork (docs/decisions/074), for either side: "Ask Daywork to decide" once
 * it has been disputed for 48 hours (before then, from when), then "With Daywork since …", then
 * Daywork's answer.
 */
export function TimesheetEscalation({ jobId, row, now = new Date() }: { jobId: string; row: Row; now?: Date }) {
  const sheet = row.timesheet;
  if (!sheet) return null;
  if (row.escalation) {
    const { escalation } = row;
    return (
      <p
        className="flex items-start gap-2 text-sm"
        data-testid="timesheet-escalation"
        data-outcome={escalation.outcome ?? "open"}
      >
        <Scale aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span dir="auto" className="break-words">
          {escalation.outcome === null
            ? m.dispute_with_daywork({ date: formatDateTime(escalation.at) })
            : m.dispute_settled_by_daywork({
                date: formatDateTime(escalation.answeredAt ?? escalation.at),
                answer: escalation.answer ?? "",
              })}
        </span>
      </p>
    );
  }
  if (sheet.status !== "disputed" || !row.escalableFrom) return null;
  if (new Date(row.escalableFrom) > now) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="timesheet-escalation-later">
        {m.dispute_escalate_from({ date: formatDateTime(row.escalableFrom) })}
      </p>
    );
  }
  return <EscalateForm jobId={jobId} timesheetId={sheet.id} />;
}

function EscalateForm({ jobId, timesheetId }: { jobId: string; timesheetId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const escalate = useMutation(
    trpc.disputes.escalateTimesheet.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.dispute_escalate_sent());
        void queryClient.invalidateQueries({ queryKey: trpc.timesheets.forJob.queryKey({ jobId }) });
      },
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = escalateTimesheetSchema.safeParse({ timesheetId, text });
    if (!parsed.success) return setError(translate(parsed.error.issues[0]?.message ?? "error_generic"));
    setError(undefined);
    escalate.mutate(parsed.data);
  }
  return (
    <details data-testid="timesheet-escalate">
      <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">
        {m.dispute_escalate_open()}
      </summary>
      <form onSubmit={submit} noValidate className="grid gap-3 pt-3">
        <p className="text-sm text-muted-foreground">{m.dispute_escalate_hint()}</p>
        <Field label={m.dispute_escalate_label()} error={error} required>
          <Textarea
            value={text}
            dir="auto"
            rows={3}
            maxLength={APPEAL_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            data-testid="timesheet-escalate-text"
          />
        </Field>
        <Button
          type="submit"
          size="sm"
          className="justify-self-start"
          disabled={escalate.isPending}
          data-testid="timesheet-escalate-submit"
        >
          {m.dispute_escalate_submit()}
        </Button>
      </form>
    </details>
  );
}
