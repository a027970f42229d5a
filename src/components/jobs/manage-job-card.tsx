import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CheckCircle2, Pencil, Play, Users, XCircle } from "lucide-react";
import { allowedJobActions, type JobAction, type JobStatus } from "../../../domain/statuses";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Spinner } from "../ui/spinner";
import { JobStatusBadge } from "./job-status-badge";

const DONE_TOASTS: Record<JobAction, () => string> = {
  start: () => m.toast_job_started(),
  complete: () => m.toast_job_completed(),
  cancel: () => m.toast_job_cancelled(),
};

/** The owner's card on a job page: edit, applications, and the status moves the job's status allows. */
export function ManageJobCard({ jobId, status }: { jobId: string; status: JobStatus }) {
  const queryClient = useQueryClient();
  const change = useMutation(
    trpc.jobs.changeStatus.mutationOptions({
      onSuccess: async (_result, { action }) => {
        toastSuccess(DONE_TOASTS[action]());
        // The page, the owner's lists and the home list all show the status.
        await queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
      },
      onError: (error) => toastError(error),
    }),
  );
  const actions = allowedJobActions(status);
  const run = (action: JobAction) => change.mutate({ jobId, action });
  const busy = (action: JobAction) => change.isPending && change.variables?.action === action;

  return (
    <Card data-testid="manage-job-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>{m.job_manage_title()}</h2>
        </CardTitle>
        <JobStatusBadge status={status} />
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild variant="outline">
          <Link to="/jobs/$jobId/edit" params={{ jobId }} data-testid="job-edit">
            <Pencil aria-hidden />
            {m.job_manage_edit()}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/jobs/$jobId/applications" params={{ jobId }} data-testid="job-applications">
            <Users aria-hidden />
            {m.job_manage_applications()}
          </Link>
        </Button>
        {actions.includes("start") && (
          <Button type="button" onClick={() => run("start")} disabled={change.isPending} data-testid="job-status-start">
            {busy("start") ? <Spinner /> : <Play aria-hidden />}
            {m.job_manage_start()}
          </Button>
        )}
        {actions.includes("complete") && (
          <Button type="button" onClick={() => run("complete")} disabled={change.isPending} data-testid="job-status-complete">
            {busy("complete") ? <Spinner /> : <CheckCircle2 aria-hidden />}
            {m.job_manage_complete()}
          </Button>
        )}
        {actions.includes("cancel") && (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button type="button" variant="destructive" disabled={change.isPending} data-testid="job-status-cancel">
                {busy("cancel") ? <Spinner /> : <XCircle aria-hidden />}
                {m.job_manage_cancel()}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{m.job_manage_cancel_title()}</AlertDialogTitle>
                <AlertDialogDescription>{m.job_manage_cancel_description()}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel data-testid="job-cancel-keep">{m.job_manage_cancel_keep()}</AlertDialogCancel>
                <AlertDialogAction variant="destructive" onClick={() => run("cancel")} data-testid="job-cancel-confirm">
                  {m.job_manage_cancel_confirm()}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </CardContent>
    </Card>
  );
}
