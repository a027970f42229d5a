import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Pencil, Play, Users, XCircle, type LucideIcon } from "lucide-react";
import { useId, useRef, useState } from "react";

import { hasJobEnded } from "../../../domain/job-clock.ts";
import { canCompleteJob, jobTimeZone } from "../../../domain/jobs.ts";
import { allowedJobActions, isActiveJob, type JobAction } from "../../../domain/statuses.ts";
import { formatDate } from "../../lib/format.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { LazyConfirmDialog, loadConfirmDialog } from "../forms/lazy-confirm-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardHeader, CardHeading } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import type { JobDetails } from "./job-types.ts";
import { JobStatusBadge } from "./status-badges.tsx";

const DONE_TOASTS: Record<JobAction, () => string> = {
  start: () => m.toast_job_started(),
  complete: () => m.toast_job_completed(),
  cancel: () => m.toast_job_cancelled(),
};

/** Each status move: its button, and the dialog that says what it will do before it does it. */
const STEPS: Record<
  JobAction,
  {
    icon: LucideIcon;
    label: () => string;
    title: () => string;
    effect: () => string;
    confirm: () => string;
    keep: () => string;
    variant: "default" | "outline-destructive";
  }
> = {
  start: {
    icon: Play,
    label: () => m.job_manage_start(),
    title: () => m.job_start_title(),
    effect: () => m.job_start_effect(),
    confirm: () => m.job_manage_start(),
    keep: () => m.job_status_keep(),
    variant: "default",
  },
  complete: {
    icon: CheckCircle2,
    label: () => m.job_manage_complete(),
    title: () => m.job_complete_title(),
    effect: () => m.job_complete_effect(),
    confirm: () => m.job_manage_complete(),
    keep: () => m.job_status_keep(),
    variant: "default",
  },
  cancel: {
    icon: XCircle,
    label: () => m.job_manage_cancel(),
    title: () => m.job_manage_cancel_title(),
    effect: () => m.job_manage_cancel_description(),
    confirm: () => m.job_manage_cancel_confirm(),
    keep: () => m.job_manage_cancel_keep(),
    // Less prominent than the main action: outlined, in the danger colour (its dialog confirms in full red).
    variant: "outline-destructive",
  },
};

export type ManagedJob = Pick<JobDetails, "id" | "status" | "startDate" | "acceptedCount" | "timeZone" | "startsAt" | "endsAt">;

/** The danger colour on an outlined button: Cancel is there, but not what the eye goes to first. */
const OUTLINE_DESTRUCTIVE = "border-destructive/60 text-destructive hover:bg-destructive/10 hover:text-destructive";

/**
 * The owner's card on a job page: Edit, applications and the status moves the status allows, each confirmed in
 * a dialog saying who is told. Nobody presses Start: a job is in progress once its first shift starts
 * (docs/decisions/048).
 */
export function ManageJobCard({ job }: { job: ManagedJob }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const opener = useRef<HTMLButtonElement | null>(null);
  const [dialog, setDialog] = useState<{ action: JobAction; open: boolean } | null>(null);
  const change = useMutation(
    trpc.jobs.changeStatus.mutationOptions({
      onSuccess: async (_result, { action }) => {
        toastSuccess(DONE_TOASTS[action]());
        // The page, the owner's lists and the home list all show the status.
        await queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
      },
      onError: (error) => toastError(error),
      onSettled: () => setDialog((current) => current && { ...current, open: false }),
    }),
  );
  const actions = allowedJobActions(job.status).filter((action) => action !== "start");
  const completable = canCompleteJob(job.startDate, jobTimeZone(job.timeZone));
  const ended = isActiveJob(job.status) && hasJobEnded(job.endsAt);
  const step = dialog && STEPS[dialog.action];

  return (
    <Card data-testid="manage-job-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardHeading>{m.job_manage_title()}</CardHeading>
        <JobStatusBadge status={job.status} startsAt={job.startsAt} />
      </CardHeader>
      <CardContent className="grid gap-2">
        {ended && (
          <p className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm" role="status" data-testid="job-ended-note">
            {m.job_manage_ended()}
          </p>
        )}
        {/* A completed or cancelled job is final: it is no longer edited (the server refuses it too). */}
        {isActiveJob(job.status) && (
          <LinkButton to="/jobs/$jobId/edit" params={{ jobId: job.id }} variant="outline" data-testid="job-edit">
            <Pencil aria-hidden />
            {m.job_manage_edit()}
          </LinkButton>
        )}
        <LinkButton to="/jobs/$jobId/applications" params={{ jobId: job.id }} variant="outline" data-testid="job-applications">
          <Users aria-hidden />
          {m.job_manage_applications()}
        </LinkButton>
        {actions.map((action) => {
          const { icon: Icon, label, variant } = STEPS[action];
          const waiting = action === "complete" && !completable;
          return (
            <Button
              key={action}
              type="button"
              variant={variant === "outline-destructive" ? "outline" : variant}
              className={variant === "outline-destructive" ? OUTLINE_DESTRUCTIVE : undefined}
              disabled={change.isPending || waiting}
              aria-describedby={waiting ? reasonId : undefined}
              onPointerEnter={loadConfirmDialog}
              onFocus={loadConfirmDialog}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setDialog({ action, open: true });
              }}
              data-testid={`job-status-${action}`}
            >
              <Icon aria-hidden />
              {label()}
            </Button>
          );
        })}
        {actions.includes("complete") && !completable && (
          <p id={reasonId} className="text-sm text-muted-foreground" data-testid="job-complete-wait">
            {m.job_complete_from({ date: formatDate(job.startDate, "long") })}
          </p>
        )}
      </CardContent>
      {dialog && step && (
        <LazyConfirmDialog
          open={dialog.open}
          onOpenChange={(open) => setDialog({ ...dialog, open })}
          title={step.title()}
          description={step.effect()}
          labels={{ cancel: step.keep(), confirm: step.confirm() }}
          confirmVariant={step.variant === "outline-destructive" ? "destructive" : step.variant}
          pending={change.isPending}
          onConfirm={() => change.mutate({ jobId: job.id, action: dialog.action })}
          returnFocusTo={opener}
          testIds={{
            dialog: `job-${dialog.action}-dialog`,
            cancel: `job-${dialog.action}-keep`,
            confirm: `job-${dialog.action}-confirm`,
          }}
        >
          <p className="text-sm text-muted-foreground" data-testid="job-status-notified">
            {job.acceptedCount > 0 ? m.job_status_notify_hired() : m.job_status_notify_none()}
          </p>
          {/* What cancelling late costs, said again where it is decided (docs/decisions/078). */}
          {dialog.action === "cancel" && job.acceptedCount > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="job-cancel-compensation">
              {m.job_cancel_late_pay()}
            </p>
          )}
        </LazyConfirmDialog>
      )}
    </Card>
  );
}
