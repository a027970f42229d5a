import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Handshake, X } from "lucide-react";

import { isolate } from "../../lib/locale.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { INVITATION_CARD_ID } from "../jobs/job-page-anchors.ts";
import { Button } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";

/**
 * "You're invited" on a job page, for a worker the owner invited: Accept hires them at once (within the
 * job's places), Decline tells the owner. Nothing when there is no pending invitation.
 */
export function InvitationCard({ jobId }: { jobId: string }) {
  const queryClient = useQueryClient();
  const invitation = useQuery(trpc.rehiring.forJob.queryOptions({ jobId }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.rehiring.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.applications.mine.queryKey({ jobId }) });
    await queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
  };
  const accept = useMutation(
    trpc.rehiring.accept.mutationOptions({
      onSuccess: async () => {
        toastSuccess(m.rehiring_invitation_accepted());
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );
  const decline = useMutation(
    trpc.rehiring.decline.mutationOptions({
      onSuccess: async () => {
        toastSuccess(m.rehiring_invitation_declined());
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );
  const data = invitation.data;
  if (!data) return null;
  const busy = accept.isPending || decline.isPending;
  return (
    <SectionCard
      title={m.rehiring_invited_title()}
      icon={<Handshake aria-hidden className="size-5 text-primary" />}
      contentClassName="grid gap-3"
      id={INVITATION_CARD_ID}
      data-testid="invitation-card"
    >
      <p className="text-sm">{m.rehiring_invited_text({ name: isolate(data.employerName) })}</p>
      <div className="grid grid-cols-2 gap-2">
        <Button
          type="button"
          disabled={busy}
          onClick={() => accept.mutate({ invitationId: data.id })}
          data-testid="invitation-accept"
        >
          <Check aria-hidden />
          {m.rehiring_invitation_accept()}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => decline.mutate({ invitationId: data.id })}
          data-testid="invitation-decline"
        >
          <X aria-hidden />
          {m.rehiring_invitation_decline()}
        </Button>
      </div>
    </SectionCard>
  );
}
