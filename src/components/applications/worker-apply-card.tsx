import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, MessageSquare, Undo2, XCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";

import { applySchema } from "../../../domain/applications.ts";
import { shiftDates } from "../../../domain/attendance.ts";
import { ERR } from "../../../domain/errors.ts";
import { takesApplications } from "../../../domain/job-clock.ts";
import { isActiveJob, type ApplicationStatus } from "../../../domain/statuses.ts";
import { errorKey } from "../../lib/errors.ts";
import { showServerFieldErrors } from "../../lib/form-errors.ts";
import { formatDay } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { useRequestKey } from "../../lib/request-key.ts";
import { keyedMutationRetry } from "../../lib/retry-policy.ts";
import { toastError, toastFailure, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { MessageField } from "../forms/message-field.tsx";
import type { JobDetails } from "../jobs/job-types.ts";
import { LinkButton } from "../ui/link-button.tsx";
import { ApplyShell, ApplyShellLoading, ClosedNote } from "./apply-card.tsx";
import { ApplyDays, formatDays } from "./apply-days.tsx";
import { WithdrawAction } from "./withdraw-action.tsx";

// A worker's side of the apply card (apply-card.tsx): loaded only for a signed-in worker, so a
// visitor's job page carries none of its form code.

/** The apply form, or the state of the worker's application with Withdraw while it is pending or hired. */
export function WorkerApplyCard({ job }: { job: JobDetails }) {
  const mine = useQuery(trpc.applications.mine.queryOptions({ jobId: job.id }));
  if (mine.isPending) return <ApplyShellLoading />;
  if (mine.isError) return null;
  const { status, appliedAt, days, fullDays, lateWithdrawal, invitation } = mine.data;
  // Invited and not hired yet: the invitation card's Accept and Decline are the answer, not an application.
  if (invitation === "pending" && status !== "accepted" && status !== "pending") return null;
  const applyForm = takesApplications(job) ? <ApplyForm job={job} fullDays={fullDays} /> : <ClosedNote job={job} />;
  if (status === "none") return <ApplyShell>{applyForm}</ApplyShell>;
  // A worker who withdrew may apply again while the job is open (docs/decisions/035).
  if (status === "withdrawn") {
    return (
      <ApplyShell>
        <StatusNote status={status} />
        {applyForm}
      </ApplyShell>
    );
  }
  const canWithdraw = (status === "pending" || status === "accepted") && isActiveJob(job.status);
  // Hired by accepting the owner's invitation: nobody applied, so no "application" was accepted.
  const byInvitation = status === "accepted" && invitation === "accepted";
  return (
    <ApplyShell title={status === "accepted" ? m.apply_title_hired() : m.apply_title_yours()}>
      <StatusNote status={status} byInvitation={byInvitation} />
      {days && (
        <p className="text-sm" data-testid="apply-my-days">
          {m.apply_your_days({ days: formatDays(days) })}
        </p>
      )}
      {status === "pending" && appliedAt && (
        <p className="text-xs text-muted-foreground">{m.applications_applied_on({ date: formatDay(appliedAt) })}</p>
      )}
      {status === "accepted" && (
        <LinkButton to="/jobs/$jobId/chat" params={{ jobId: job.id }} data-testid="open-chat" className="w-full">
          <MessageSquare aria-hidden />
          {m.apply_open_chat()}
        </LinkButton>
      )}
      {canWithdraw && (
        <WithdrawAction jobId={job.id} hired={status === "accepted"} lateNoticeHours={lateWithdrawal?.noticeHours ?? null} />
      )}
    </ApplyShell>
  );
}

const STATUS_NOTES: Record<ApplicationStatus, { icon: ReactNode; title: () => string; text: () => string }> = {
  pending: {
    icon: <Clock aria-hidden className="size-5 text-amber-600" />,
    title: () => m.apply_pending_title(),
    text: () => m.apply_pending(),
  },
  accepted: {
    icon: <CheckCircle2 aria-hidden className="size-5 text-emerald-600" />,
    title: () => m.apply_accepted_title(),
    text: () => m.apply_accepted(),
  },
  rejected: {
    icon: <XCircle aria-hidden className="size-5 text-destructive" />,
    title: () => m.apply_rejected_title(),
    text: () => m.apply_rejected(),
  },
  withdrawn: {
    icon: <Undo2 aria-hidden className="size-5 text-muted-foreground rtl:-scale-x-100" />,
    title: () => m.apply_withdrawn_title(),
    text: () => m.apply_withdrawn(),
  },
};

/**
 * Where the reader's application stands: waiting, accepted (the group chat is open), not accepted or
 * withdrawn; hired by invitation says so instead of "your application was accepted".
 */
function StatusNote({ status, byInvitation = false }: { status: ApplicationStatus; byInvitation?: boolean }) {
  const { icon, title } = STATUS_NOTES[status];
  const text = byInvitation ? () => m.apply_accepted_invitation() : STATUS_NOTES[status].text;
  return (
    <div
      className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3"
      data-testid="apply-status"
      data-status={status}
      data-by-invitation={byInvitation}
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="grid gap-1">
        <p className="font-medium" data-testid="apply-status-title">
          {title()}
        </p>
        <p className="text-sm text-muted-foreground" data-testid="apply-status-text">
          {text()}
        </p>
      </div>
    </div>
  );
}

// The form checks the message as the procedure does; the job comes from the page, the days from the picker.
const applyFormSchema = applySchema.pick({ message: true });
type ApplyFormInput = z.input<typeof applyFormSchema>;
type ApplyFormOutput = z.output<typeof applyFormSchema>;

function ApplyForm({ job, fullDays }: { job: JobDetails; fullDays: readonly string[] }) {
  const jobId = job.id;
  const queryClient = useQueryClient();
  const form = useForm<ApplyFormInput, unknown, ApplyFormOutput>({
    resolver: zodResolver(applyFormSchema),
    defaultValues: { message: "" },
  });
  const message = useWatch({ control: form.control, name: "message" }) ?? "";
  const error = form.formState.errors.message?.message;
  // Where the owner lets workers choose (docs/decisions/035): every day that is not full, to start with.
  const dates = job.partialDays && job.durationDays > 1 ? shiftDates(job.startDate, job.durationDays) : [];
  const [days, setDays] = useState(() => dates.filter((d) => !fullDays.includes(d)));
  const [daysError, setDaysError] = useState<string | undefined>();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.applications.mine.queryKey({ jobId }) }),
      // /my-jobs lists the jobs a worker applied to.
      queryClient.invalidateQueries({ queryKey: trpc.jobs.mine.pathKey() }),
    ]);

  // A resend of the same application after a lost answer is stored once (docs/decisions/063).
  const requestKey = useRequestKey();
  const submit = useMutation(
    trpc.applications.submit.mutationOptions({
      ...keyedMutationRetry,
      onSuccess: async () => {
        requestKey.sent();
        toastSuccess(m.apply_submitted());
        await refresh();
      },
      onError: async (failure) => {
        const key = errorKey(failure);
        if (key === ERR.cannotApplyOwnJob) {
          toastFailure(m.apply_cannot_title(), translate(ERR.cannotApplyOwnJob));
          return;
        }
        toastError(failure);
        showServerFieldErrors(form.setError, failure, ["message"]);
        // Already applied, or the job closed meanwhile: show the card as it now is.
        if (key === ERR.alreadyApplied || key === ERR.jobNotOpen) {
          await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: trpc.jobs.byId.queryKey({ jobId }) })]);
        }
      },
    }),
  );

  const onSubmit = form.handleSubmit((values) => {
    if (dates.length > 0 && days.length === 0) {
      setDaysError(translate(ERR.applicationDaysEmpty));
      return;
    }
    setDaysError(undefined);
    // Every day is the same as not choosing: stored as null.
    const chosen = dates.length > 0 && days.length < dates.length ? days : null;
    const input = { jobId, message: values.message, days: chosen };
    submit.mutate({ ...input, idempotencyKey: requestKey.keyFor(input) });
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3" data-testid="apply-form">
      {dates.length > 0 && <ApplyDays dates={dates} fullDays={fullDays} selected={days} onChange={setDays} error={daysError} />}
      <MessageField
        kind="application"
        length={message.length}
        error={error}
        sending={submit.isPending}
        {...form.register("message")}
      />
    </form>
  );
}
