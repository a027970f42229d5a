import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Handshake, Repeat, X } from "lucide-react";

import { isActiveJob, type InvitationStatus } from "../../../domain/statuses.ts";
import { formatDay } from "../../lib/format.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { personName } from "../profile/person-name.ts";
import { Badge } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { FavouriteButton } from "./favourite-button.tsx";
import { InviteButton } from "./invite-dialog.tsx";

const STATUS_LABELS: Record<InvitationStatus, () => string> = {
  pending: () => m.rehiring_invitation_status_pending(),
  accepted: () => m.rehiring_invitation_status_accepted(),
  declined: () => m.rehiring_invitation_status_declined(),
  cancelled: () => m.rehiring_invitation_status_cancelled(),
};

/**
 * The owner's rehiring on a job's applications page (docs/decisions/036): the workers hired on it, each
 * to mark as a favourite or invite to another job; the invitations sent, a pending one to cancel; and on
 * a finished job, "Post again".
 */
export function JobRehiring({ jobId }: { jobId: string }) {
  const queryClient = useQueryClient();
  const rehiring = useQuery(trpc.rehiring.ofJob.queryOptions({ jobId }));
  const cancel = useMutation(
    trpc.rehiring.cancel.mutationOptions({
      onSuccess: async () => {
        toastSuccess(m.rehiring_invitation_cancelled());
        await queryClient.invalidateQueries({ queryKey: trpc.rehiring.pathKey() });
      },
      onError: (error) => toastError(error),
    }),
  );
  const data = rehiring.data;
  if (!data) return null;
  const finished = !isActiveJob(data.status);
  if (!finished && data.invitations.length === 0 && data.hired.length === 0) return null;
  return (
    <SectionCard
      title={m.rehiring_job_title()}
      icon={<Handshake aria-hidden className="size-5 text-muted-foreground" />}
      contentClassName="grid gap-4"
      data-testid="job-rehiring"
    >
      {finished && (
        <LinkButton
          to="/jobs/$jobId/post-again"
          params={{ jobId }}
          size="wrap"
          className="justify-self-start"
          data-testid="post-again"
        >
          <Repeat aria-hidden />
          {m.rehiring_post_again()}
        </LinkButton>
      )}
      {data.hired.length > 0 && (
        <section className="grid gap-2">
          <h3 className="text-sm font-medium">{m.rehiring_hired_workers()}</h3>
          <ul className="grid gap-2">
            {data.hired.map((worker) => (
              <li key={worker.workerId} className="flex flex-wrap items-center gap-2" data-testid="rehire-worker">
                <span className="me-auto font-medium" dir="auto">
                  {personName(worker.fullName)}
                </span>
                <FavouriteButton workerId={worker.workerId} favourite={worker.favourite} />
                <InviteButton workerId={worker.workerId} workerName={worker.fullName} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.invitations.length > 0 && (
        <section className="grid gap-2">
          <h3 className="text-sm font-medium">{m.rehiring_invitations_sent()}</h3>
          <ul className="grid gap-2" data-testid="job-invitations">
            {data.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex items-center gap-2"
                data-testid="job-invitation"
                data-status={invitation.status}
              >
                <span className="grid me-auto min-w-0">
                  <span className="truncate font-medium" dir="auto">
                    {invitation.workerName}
                  </span>
                  <span className="text-xs text-muted-foreground">{formatDay(invitation.createdAt)}</span>
                </span>
                <Badge variant={invitation.status === "accepted" ? "default" : "secondary"}>
                  {STATUS_LABELS[invitation.status]()}
                </Badge>
                {invitation.status === "pending" && (
                  <IconButton
                    label={m.rehiring_invitation_cancel()}
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate({ invitationId: invitation.id })}
                    data-testid="invitation-cancel"
                  >
                    <X aria-hidden />
                  </IconButton>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </SectionCard>
  );
}
