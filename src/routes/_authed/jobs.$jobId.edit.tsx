import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { z } from "zod";

import { todayIn } from "../../../domain/age.ts";
import { ERR } from "../../../domain/errors.ts";
import { isPastDate, jobUpdateSchema, type JobUpdateValues } from "../../../domain/jobs.ts";
import { isActiveJob } from "../../../domain/statuses.ts";
import { storedJobValues } from "../../components/jobs/job-form-values.ts";
import { browserTimeZone, JobForm, type JobFormInput } from "../../components/jobs/job-form.tsx";
import { JobNotEditable, JobNotFound } from "../../components/jobs/job-states.tsx";
import type { EditableJob } from "../../components/jobs/job-types.ts";
import { BackLink } from "../../components/layout/back-link.tsx";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { orNotFound, requireUuid } from "../../lib/route-data.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/jobs/$jobId/edit")({
  loader: async ({ context, params }) => {
    requireUuid(params.jobId);
    await orNotFound(context.queryClient.ensureQueryData(context.trpc.jobs.forEdit.queryOptions({ jobId: params.jobId })));
  },
  // Not the reader's job answers like a missing one: 'Job not found or you don't have permission to edit it'.
  notFoundComponent: () => <JobNotFound text={m.error_job_edit_not_found()} testId="job-edit-not-found" />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.job_page_failed()} error={error} />,
  component: EditJobPage,
});

/**
 * The edit form's schema: the procedure's, plus the stored start date's exception. A start date that has
 * already passed may stay (the job may be under way); moving it to another past day may not.
 */
function editJobSchema(job: EditableJob): z.ZodType<JobUpdateValues, JobFormInput> {
  return jobUpdateSchema.refine((v) => v.startDate === job.startDate || !isPastDate(v.startDate, v.timeZone), {
    path: ["startDate"],
    message: ERR.jobStartDatePast,
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === "startDate" || i.path?.[0] === "timeZone"),
  });
}

/** /jobs/{jobId}/edit: the job form filled in with the job, for its owner. */
function EditJobPage() {
  usePageTitle(m.edit_job_title());
  const { jobId } = Route.useParams();
  const { data: job } = useSuspenseQuery(trpc.jobs.forEdit.queryOptions({ jobId }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = browserTimeZone();
  const [schema] = useState(() => editJobSchema(job));
  const update = useMutation(
    trpc.jobs.update.mutationOptions({
      onSuccess: async () => {
        toastSuccess(m.toast_success_title(), m.toast_job_updated());
        // Refetch the job page's data now (it is not on screen, so a plain invalidation would wait
        // and the page would first show the old text), and mark every list stale.
        await queryClient.invalidateQueries({ queryKey: trpc.jobs.byId.queryKey({ jobId: job.id }), refetchType: "all" });
        await queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
        await navigate({ to: "/jobs/$jobId", params: { jobId: job.id } });
      },
    }),
  );

  const today = todayIn(timeZone);
  // A completed or cancelled job is final (the server refuses the save too).
  if (!isActiveJob(job.status)) return <JobNotEditable jobId={jobId} />;
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8">
      <BackLink to="/jobs/$jobId" params={{ jobId }} data-testid="edit-back">
        {m.edit_job_back()}
      </BackLink>
      <JobForm
        schema={schema}
        defaultValues={{ ...storedJobValues(job, timeZone), jobId: job.id }}
        onSubmit={(values) => update.mutateAsync(values)}
        toastInvalid
        title={m.edit_job_title()}
        notBefore={job.startDate < today ? job.startDate : today}
        submit={{ label: m.edit_job_submit(), pendingLabel: m.edit_job_submitting() }}
        testId="edit-job-form"
        hired={job.hired}
      />
    </main>
  );
}
