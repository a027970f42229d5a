import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { todayIn } from "../../../domain/age.ts";
import { DEFAULT_JOB_CURRENCY } from "../../../domain/currencies.ts";
import { jobCreateSchema, type JobCreateValues } from "../../../domain/jobs.ts";
import { UnconfirmedAddressNotice } from "../../components/account/unconfirmed-address-notice.tsx";
import { browserTimeZone, JobForm, showJobFieldErrors, type JobFormInput } from "../../components/jobs/job-form.tsx";
import { currentLanguage } from "../../lib/locale.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { useRequestKey } from "../../lib/request-key.ts";
import { keyedMutationRetry } from "../../lib/retry-policy.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/post-job")({ component: PostJobPage });

const postJobSchema: z.ZodType<JobCreateValues, JobFormInput> = jobCreateSchema;

function PostJobPage() {
  usePageTitle(m.post_job_title());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = browserTimeZone();
  const form = useForm<JobFormInput, unknown, JobCreateValues>({
    resolver: zodResolver(postJobSchema),
    defaultValues: {
      title: "",
      description: "",
      cityId: "",
      district: "",
      address: "",
      startDate: "",
      startTime: "",
      durationDays: "1",
      hourlyRate: "",
      currency: DEFAULT_JOB_CURRENCY,
      maxWorkers: "1",
      skills: [],
      timeZone,
      language: currentLanguage(),
    },
  });

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
      // What was typed stays in the form; the fields the server refused are marked.
      onError: (error) => {
        toastError(error);
        showJobFieldErrors(form, error);
      },
    }),
  );

  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-8">
      <UnconfirmedAddressNotice />
      <JobForm
        form={form}
        onValid={(values) => create.mutate({ ...values, idempotencyKey: requestKey.keyFor(values) })}
        title={m.post_job_title()}
        description={m.post_job_subtitle()}
        notBefore={todayIn(timeZone)}
        submit={{ label: m.post_job_submit(), pendingLabel: m.post_job_submitting(), pending: create.isPending }}
        testId="post-job-form"
      />
    </main>
  );
}
