import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { useForm } from "react-hook-form";
import { todayIn } from "../../../domain/age";
import { ERR } from "../../../domain/errors";
import { isPastDate, jobUpdateSchema } from "../../../domain/jobs";
import {
  browserTimeZone,
  JobFormFields,
  type JobFormValues,
  jobFormResolver,
  missesRequiredFields,
  showServerFieldErrors,
} from "../../components/jobs/job-form-fields";
import type { EditableJob } from "../../components/jobs/job-types";
import { useLeaveOnError } from "../../components/jobs/use-leave-on-error";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { fieldErrors } from "../../lib/errors";
import { translate } from "../../lib/messages";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/jobs/$jobId/edit")({ component: EditJobPage });

// The form validates what the procedure validates, except the job id, which comes from the URL.
const editFormSchema = jobUpdateSchema.omit({ jobId: true });

function EditJobPage() {
  const { jobId } = Route.useParams();
  const job = useQuery(trpc.jobs.forEdit.queryOptions({ jobId }));
  // "Not yours" and "missing" are the same answer: 'Job not found or you don't have permission to edit it'.
  useLeaveOnError(job.error, { notFound: translate(ERR.jobEditNotFound), failed: m.job_page_failed() });
  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-8">
      <Button asChild variant="ghost" size="sm" className="-ms-2">
        <Link to="/jobs/$jobId" params={{ jobId }} data-testid="edit-back">
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {m.edit_job_back()}
        </Link>
      </Button>
      {job.data ? (
        <EditJobForm job={job.data} />
      ) : (
        <div aria-busy="true" className="space-y-4">
          <p className="sr-only" role="status">{m.common_loading()}</p>
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-96 w-full" />
        </div>
      )}
    </main>
  );
}

function EditJobForm({ job }: { job: EditableJob }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = browserTimeZone();
  const form = useForm<JobFormValues>({
    resolver: jobFormResolver(editFormSchema),
    defaultValues: {
      title: job.title,
      description: job.description,
      category: job.category,
      location: job.location,
      startDate: job.startDate,
      durationDays: String(job.durationDays),
      hourlyRate: job.hourlyRate === null ? "" : String(job.hourlyRate),
      currency: job.currency,
      maxWorkers: String(job.maxWorkers),
      skills: job.skills ?? [],
      timeZone,
    },
  });

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
      onError: (error) => {
        toastError(error);
        showServerFieldErrors(form, fieldErrors(error));
      },
    }),
  );

  const submit = form.handleSubmit(
    (values) => {
      // A start date that has already passed may stay (the job may be under way); a new one may not.
      if (values.startDate !== job.startDate && isPastDate(values.startDate, timeZone)) {
        form.setError("startDate", { type: "validate", message: ERR.jobStartDatePast });
        return;
      }
      const parsed = jobUpdateSchema.safeParse({ ...values, timeZone, jobId: job.id });
      if (parsed.success) update.mutate(parsed.data);
    },
    (errors) => {
      if (missesRequiredFields(errors)) toastError(null, translate(ERR.requiredFields));
    },
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="edit-job-form">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">{m.edit_job_title()}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <JobFormFields
            form={form}
            notBefore={job.startDate < todayIn(timeZone) ? job.startDate : todayIn(timeZone)}
            onSkillRefused={(key) => toastError(null, translate(key))}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" size="lg" disabled={update.isPending} data-testid="job-submit">
            {update.isPending && <Spinner />}
            {update.isPending ? m.edit_job_submitting() : m.edit_job_submit()}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
