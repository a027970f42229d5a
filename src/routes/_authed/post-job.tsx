import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";

import { todayIn } from "../../../domain/age.ts";
import { jobCreateSchema } from "../../../domain/jobs.ts";
import { UnconfirmedAddressNotice } from "../../components/account/unconfirmed-address-notice.tsx";
import { newJobValues } from "../../components/jobs/job-form-values.ts";
import { browserTimeZone, JobForm } from "../../components/jobs/job-form.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { useRequestKey } from "../../lib/request-key.ts";
import { keyedMutationRetry } from "../../lib/retry-policy.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/post-job")({ component: PostJobPage });

function PostJobPage() {
  usePageTitle(m.post_job_title());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = browserTimeZone();

  // A resend of the same post after a lost answer is stored once (docs/decisions/063).
  const requestKey = useRequestKey();
  const create = useMutation(
    trpc.jobs.create.mutationOptions({
      ...keyedMutationRetry,
      onSuccess: async ({ id }) => {
        requestKey.sent();
        toastSuccess(m.toast_job_posted());
        await queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
        await navigate({ to: "/jobs/$jobId", params: { jobId: id } });
      },
    }),
  );

  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-8">
      <UnconfirmedAddressNotice />
      <JobForm
        schema={jobCreateSchema}
        defaultValues={newJobValues(timeZone)}
        onSubmit={(values) => create.mutateAsync({ ...values, idempotencyKey: requestKey.keyFor(values) })}
        title={m.post_job_title()}
        description={m.post_job_subtitle()}
        notBefore={todayIn(timeZone)}
        submit={{ label: m.post_job_submit(), pendingLabel: m.post_job_submitting() }}
        testId="post-job-form"
      />
    </main>
  );
}
