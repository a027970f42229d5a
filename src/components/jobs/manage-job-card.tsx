import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Pencil, Play, Users, XCircle, type LucideIcon } from "lucide-react";
import { useState } from "react";

import { allowedJobActions, type JobAction, type JobStatus } from "../../../domain/statuses.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { ConfirmDialog } from "../forms/confirm-dialog.tsx";
import { PendingButton } from "../forms/pending-button.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardHeader, CardHeading } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { JobStatusBadge } from "./status-badges.tsx";

const DONE_TOASTS: Record<JobAction, () => string> = {
  start: () => m.toast_job_started(),
  complete: () => m.toast_job_completed(),
  cancel: () => m.toast_job_cancelled(),
};

// Start and complete run at once; cancel asks first.
const STEPS: { action: Exclude<JobAction, "cancel">; icon: LucideIcon; label: () => string }[] = [
  { action: "start", icon: Play, label: () => m.job_manage_start() },
  { action: "complete", icon: CheckCircle2, label: () => m.job_manage_complete() },
];

const PAGES = [
  { to: "/jobs/$jobId/edit", icon: Pencil, label: () => m.job_manage_edit(), testId: "job-edit" },
  { to: "/jobs/$jobId/applications", icon: Users, label: () => m.job_manage_applications(), testId: "job-applications" },
] as const;

/** The owner's card on a job page: edit, applications, and the status moves the job's status allows. */
export function ManageJobCard({ jobId, status }: { jobId: string; status: JobStatus }) {
  const queryClient = useQueryClient();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const change = useMutation(
    trpc.jobs.changeStatus.mutationOptions({
      onSuccess: async (_result, { action }) => {
        toastSuccess(DONE_TOASTS[action]());
        // The page, the owner's lists and the home list all show the status.
        await queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
      },
      onError: (error) => toastError(error),
      onSettled: () => setConfirmingCancel(false),
    }),
  );
  const actions = allowedJobActions(status);
  const busy = (action: JobAction) => change.isPending && change.variables?.action === action;

  return (
    <Card data-testid="manage-job-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardHeading>{m.job_manage_title()}</CardHeading>
        <JobStatusBadge status={status} />
      </CardHeader>
      <CardContent className="grid gap-2">
        {PAGES.map(({ to, icon: Icon, label, testId }) => (
          <LinkButton key={to} to={to} params={{ jobId }} variant="outline" data-testid={testId}>
            <Icon aria-hidden />
            {label()}
          </LinkButton>
        ))}
        {STEPS.filter((step) => actions.includes(step.action)).map(({ action, icon: Icon, label }) => (
          <PendingButton
            key={action}
            type="button"
            pending={busy(action)}
            disabled={change.isPending}
            icon={<Icon aria-hidden />}
            onClick={() => change.mutate({ jobId, action })}
            data-testid={`job-status-${action}`}
          >
            {label()}
          </PendingButton>
        ))}
        {actions.includes("cancel") && (
          <ConfirmDialog
            open={confirmingCancel}
            onOpenChange={setConfirmingCancel}
            trigger={
              <Button type="button" variant="destructive" disabled={change.isPending} data-testid="job-status-cancel">
                <XCircle aria-hidden />
                {m.job_manage_cancel()}
              </Button>
            }
            title={m.job_manage_cancel_title()}
            description={m.job_manage_cancel_description()}
            labels={{ cancel: m.job_manage_cancel_keep(), confirm: m.job_manage_cancel_confirm() }}
            pending={busy("cancel")}
            onConfirm={() => change.mutate({ jobId, action: "cancel" })}
            testIds={{ cancel: "job-cancel-keep", confirm: "job-cancel-confirm" }}
          />
        )}
      </CardContent>
    </Card>
  );
}
