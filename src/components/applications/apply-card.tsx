import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, Info, MessageSquare, Undo2, XCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";

import { applySchema } from "../../../domain/applications.ts";
import { shiftDates } from "../../../domain/attendance.ts";
import { ERR } from "../../../domain/errors.ts";
import { isActiveJob, type ApplicationStatus, type JobStatus } from "../../../domain/statuses.ts";
import { errorKey } from "../../lib/errors.ts";
import { showServerFieldErrors } from "../../lib/form-errors.ts";
import { formatDay } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { toastError, toastFailure, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { MessageField } from "../forms/message-field.tsx";
import { SendIcon } from "../forms/send-icon.tsx";
import type { JobDetails, Me } from "../jobs/job-types.ts";
import { SectionCard } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { ApplyDays, formatDays } from "./apply-days.tsx";
import { WithdrawAction } from "./withdraw-action.tsx";

const CLOSED_NOTES: Record<Exclude<JobStatus, "open">, () => string> = {
  in_progress: () => m.apply_note_in_progress(),
  completed: () => m.apply_note_completed(),
  cancelled: () => m.apply_note_cancelled(),
};

/** Why a job without the reader's application shows no Apply Now button. */
function ClosedNote({ status }: { status: JobStatus }) {
  if (status === "open") return null;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="apply-closed-note" data-status={status}>
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      {CLOSED_NOTES[status]()}
    </p>
  );
}

/** The apply card's element id: the phone's apply bar (apply-bar.tsx) scrolls to it and steps aside while it shows. */
export const APPLY_CARD_ID = "apply-card";

function ApplyShell({ children, description }: { children: ReactNode; description?: ReactNode }) {
  return (
    <SectionCard
      id={APPLY_CARD_ID}
      title={m.apply_title()}
      description={description}
      contentClassName="grid gap-3"
      data-testid="apply-card"
    >
      {children}
    </SectionCard>
  );
}

/**
 * The apply card of a job page for everyone but the owner (docs/product.md, Applications and hiring): a visitor is sent to sign
 * in and back; a worker sees Apply Now with an optional message (and the days, where the owner lets
 * workers choose), or the state of their application with Withdraw while it is pending or hired;
 * an employer account sees nothing (only workers can apply, and the server refuses the rest).
 */
export function ApplyCard({ job, me }: { job: JobDetails; me: Me | undefined }) {
  // Still finding out who is reading: show nothing rather than the wrong card.
  if (me === undefined) return null;
  const isOpen = job.status === "open";
  if (me === null) {
    return (
      <ApplyShell description={isOpen ? m.apply_sign_in() : undefined}>
        {isOpen ? (
          <LinkButton to="/auth" search={{ redirect: `/jobs/${job.id}` }} data-testid="apply-button" size="lg" className="w-full">
            <SendIcon />
            {m.apply_now()}
          </LinkButton>
        ) : (
          <ClosedNote status={job.status} />
        )}
      </ApplyShell>
    );
  }
  // Signed up but not onboarded: the person chooses to be a worker there first.
  if (!me.profile?.onboardingCompletedAt) {
    if (!isOpen) return null;
    return (
      <ApplyShell>
        <LinkButton to="/onboarding" data-testid="apply-button" size="lg" className="w-full">
          <SendIcon />
          {m.apply_now()}
        </LinkButton>
      </ApplyShell>
    );
  }
  if (me.profile.userType !== "worker") return null;
  return <WorkerApplyCard job={job} />;
}

function WorkerApplyCard({ job }: { job: JobDetails }) {
  const mine = useQuery(trpc.applications.mine.queryOptions({ jobId: job.id }));
  if (mine.isPending) {
    return (
      <ApplyShell>
        <p className="sr-only" role="status">
          {m.common_loading()}
        </p>
        <Skeleton className="h-24" />
      </ApplyShell>
    );
  }
  if (mine.isError) return null;
  const { status, appliedAt, days, fullDays, lateWithdrawal } = mine.data;
  const applyForm = job.status === "open" ? <ApplyForm job={job} fullDays={fullDays} /> : <ClosedNote status={job.status} />;
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
  return (
    <ApplyShell>
      <StatusNote status={status} />
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

/** Where the reader's application stands: waiting, accepted (the group chat is open), not accepted or withdrawn. */
function StatusNote({ status }: { status: ApplicationStatus }) {
  const { icon, title, text } = STATUS_NOTES[status];
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3" data-testid="apply-status" data-status={status}>
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

  const submit = useMutation(
    trpc.applications.submit.mutationOptions({
      onSuccess: async () => {
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
    submit.mutate({ jobId, message: values.message, days: chosen });
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
