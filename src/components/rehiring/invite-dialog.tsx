import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BriefcaseBusiness, Check, Send } from "lucide-react";
import { useState } from "react";

import { formatDate } from "../../lib/format.ts";
import { isolate } from "../../lib/locale.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog.tsx";
import { LinkButton } from "../ui/link-button.tsx";

/**
 * "Invite to a job" (docs/decisions/036): the first tap opens a short list of the caller's active jobs
 * (read only once the dialog opens), the second invites the worker to one of them.
 */
export function InviteButton({ workerId, workerName }: { workerId: string; workerName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" data-testid="invite-open">
          <Send aria-hidden />
          {m.rehiring_invite()}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={m.common_close()} data-testid="invite-dialog">
        <DialogHeader>
          <DialogTitle>{m.rehiring_invite_title({ name: isolate(workerName) })}</DialogTitle>
          <DialogDescription>{m.rehiring_invite_hint()}</DialogDescription>
        </DialogHeader>
        {open && <InviteJobs workerId={workerId} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function InviteJobs({ workerId, onDone }: { workerId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const jobs = useQuery(trpc.rehiring.inviteJobs.queryOptions({ workerId }));
  const invite = useMutation(
    trpc.rehiring.invite.mutationOptions({
      onSuccess: async () => {
        toastSuccess(m.rehiring_invite_sent());
        await queryClient.invalidateQueries({ queryKey: trpc.rehiring.pathKey() });
        onDone();
      },
      onError: (error) => toastError(error),
    }),
  );
  if (jobs.isPending) return <p className="text-sm text-muted-foreground">{m.rehiring_loading()}</p>;
  if (jobs.isError) return <p className="text-sm text-destructive">{m.rehiring_invite_jobs_failed()}</p>;
  if (jobs.data.length === 0)
    return (
      <div className="grid gap-3" data-testid="invite-no-jobs">
        <p className="text-sm text-muted-foreground">{m.rehiring_invite_no_jobs()}</p>
        <LinkButton to="/post-job" variant="outline" className="justify-self-start">
          {m.my_jobs_post_button()}
        </LinkButton>
      </div>
    );
  return (
    <ul className="grid gap-2" data-testid="invite-jobs">
      {jobs.data.map((job) => {
        const standing = job.hired
          ? m.rehiring_invite_state_hired()
          : job.invitation === "pending"
            ? m.rehiring_invite_state_pending()
            : job.invitation === "declined"
              ? m.rehiring_invite_state_declined()
              : null;
        return (
          <li key={job.id}>
            <Button
              type="button"
              variant="outline"
              size="wrap"
              className="w-full justify-start text-start"
              disabled={standing !== null || invite.isPending}
              onClick={() => invite.mutate({ jobId: job.id, workerId })}
              data-testid="invite-job"
            >
              {standing ? <Check aria-hidden /> : <BriefcaseBusiness aria-hidden />}
              <span className="grid min-w-0">
                <span className="truncate font-medium" dir="auto">
                  {job.title}
                </span>
                <span className="text-xs text-muted-foreground">{standing ?? formatDate(job.startDate)}</span>
              </span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
