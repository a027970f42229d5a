import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Scale } from "lucide-react";
import { useState } from "react";

import { escalateTimesheetSchema } from "../../../domain/moderation/disputes.ts";
import { errorMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { FoldedTextForm } from "../forms/folded-text-form.tsx";

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
  function submit(text: string) {
    const parsed = escalateTimesheetSchema.safeParse({ timesheetId, text });
    if (!parsed.success) return setError(translate(parsed.error.issues[0]?.message ?? "error_generic"));
    setError(undefined);
    escalate.mutate(parsed.data);
  }
  return (
    <FoldedTextForm
      testId="timesheet-escalate"
      open={m.dispute_escalate_open()}
      hint={m.dispute_escalate_hint()}
      label={m.dispute_escalate_label()}
      submit={m.dispute_escalate_submit()}
      error={error}
      pending={escalate.isPending}
      onSubmit={submit}
    />
  );
}
