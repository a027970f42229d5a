import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { UsersRound } from "lucide-react";
import { useState } from "react";

import { todayIn } from "../../../domain/age.ts";
import { jobCreateSchema } from "../../../domain/jobs.ts";
import { UnconfirmedAddressNotice } from "../../components/account/unconfirmed-address-notice.tsx";
import { storedJobValues } from "../../components/jobs/job-form-values.ts";
import { browserTimeZone, JobForm } from "../../components/jobs/job-form.tsx";
import { JobNotFound } from "../../components/jobs/job-states.tsx";
import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { SectionCard } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { currentLanguage } from "../../lib/locale.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { useRequestKey } from "../../lib/request-key.ts";
import { keyedMutationRetry } from "../../lib/retry-policy.ts";
import { orNotFound, requireUuid } from "../../lib/route-data.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/jobs/$jobId/post-again")({
  loader: async ({ context, params }) => {
    requireUuid(params.jobId);
    await orNotFound(context.queryClient.ensureQueryData(context.trpc.rehiring.pastJob.queryOptions({ jobId: params.jobId })));
  },
  // Not the reader's past job answers like a missing one.
  notFoundComponent: () => <JobNotFound text={m.error_post_again_not_found()} testId="post-again-not-found" />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.job_page_failed()} error={error} />,
  component: PostAgainPage,
});

/**
 * /jobs/{jobId}/post-again (docs/decisions/036): the post-job form filled in with a past job's fields
 * but a new start date to pick, and the workers hired on it, checked, to invite. One submit posts the
 * job and sends the invitations.
 */
function PostAgainPage() {
  usePageTitle(m.rehiring_post_again_title());
  const { jobId } = Route.useParams();
  const { data } = useSuspenseQuery(trpc.rehiring.pastJob.queryOptions({ jobId }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = browserTimeZone();
  const [invited, setInvited] = useState<ReadonlySet<string>>(() => new Set(data.hired.map((w) => w.workerId)));
  // A resend of the same post after a lost answer is stored once (docs/decisions/063).
  const requestKey = useRequestKey();
  const post = useMutation(
    trpc.rehiring.postAgain.mutationOptions({
      ...keyedMutationRetry,
      onSuccess: async ({ id, invited: sent }) => {
        requestKey.sent();
        toastSuccess(m.toast_job_posted(), sent.length > 0 ? m.rehiring_post_again_invited({ count: sent.length }) : undefined);
        await queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.rehiring.pathKey() });
        await navigate({ to: "/jobs/$jobId", params: { jobId: id } });
      },
    }),
  );

  const toggle = (workerId: string, on: boolean) =>
    setInvited((current) => {
      const next = new Set(current);
      if (on) next.add(workerId);
      else next.delete(workerId);
      return next;
    });

  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
      <BackLink to="/jobs/$jobId" params={{ jobId }} data-testid="post-again-back">
        {m.rehiring_post_again_back()}
      </BackLink>
      <UnconfirmedAddressNotice />
      {data.hired.length > 0 && (
        <SectionCard
          title={m.rehiring_post_again_workers_title()}
          icon={<UsersRound aria-hidden className="size-5 text-muted-foreground" />}
          contentClassName="grid gap-3"
          data-testid="post-again-workers"
        >
          <p className="text-sm text-muted-foreground">{m.rehiring_post_again_workers_hint()}</p>
          <ul className="grid gap-2">
            {data.hired.map((worker) => (
              <li key={worker.workerId}>
                <label className="flex min-h-10 items-center gap-3">
                  <Checkbox
                    checked={invited.has(worker.workerId)}
                    onCheckedChange={(on) => toggle(worker.workerId, on === true)}
                    data-testid="post-again-worker"
                  />
                  <span dir="auto">{worker.fullName}</span>
                </label>
              </li>
            ))}
          </ul>
        </SectionCard>
      )}
      <JobForm
        schema={jobCreateSchema}
        // A new start date to pick; the job's language is the poster's interface language, as on a new post.
        defaultValues={{ ...storedJobValues(data.job, timeZone), startDate: "", language: currentLanguage() }}
        onSubmit={(values) => {
          const input = { copiedFromId: jobId, job: values, inviteWorkerIds: [...invited] };
          return post.mutateAsync({ ...input, idempotencyKey: requestKey.keyFor(input) });
        }}
        toastInvalid
        title={m.rehiring_post_again_title()}
        description={m.rehiring_post_again_subtitle()}
        notBefore={todayIn(timeZone)}
        submit={{ label: m.post_job_submit(), pendingLabel: m.post_job_submitting() }}
        testId="post-again-form"
      />
    </main>
  );
}
