import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { todayIn } from "../../../domain/age";
import { DEFAULT_JOB_CURRENCY } from "../../../domain/currencies";
import { jobCreateSchema } from "../../../domain/jobs";
import {
  browserTimeZone,
  JobFormFields,
  type JobFormValues,
  jobFormResolver,
  showServerFieldErrors,
} from "../../components/jobs/job-form-fields";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { fieldErrors } from "../../lib/errors";
import { currentLanguage } from "../../lib/locale";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/post-job")({ component: PostJobPage });

function PostJobPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timeZone = browserTimeZone();
  const form = useForm<JobFormValues>({
    resolver: jobFormResolver(jobCreateSchema),
    defaultValues: {
      title: "",
      description: "",
      category: "",
      location: "",
      startDate: "",
      durationDays: "1",
      hourlyRate: "",
      currency: DEFAULT_JOB_CURRENCY,
      maxWorkers: "1",
      skills: [],
      timeZone,
      language: currentLanguage(),
    },
  });

  const create = useMutation(
    trpc.jobs.create.mutationOptions({
      onSuccess: async ({ id }) => {
        toastSuccess(m.toast_job_posted());
        await queryClient.invalidateQueries({ queryKey: trpc.jobs.pathKey() });
        await navigate({ to: "/jobs/$jobId", params: { jobId: id } });
      },
      // What was typed stays in the form; the fields the server refused are marked.
      onError: (error) => {
        toastError(error);
        showServerFieldErrors(form, fieldErrors(error));
      },
    }),
  );

  const submit = form.handleSubmit((values) => {
    const parsed = jobCreateSchema.safeParse({ ...values, timeZone, language: currentLanguage() });
    if (parsed.success) create.mutate(parsed.data);
  });

  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="post-job-form">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h1 className="text-2xl">{m.post_job_title()}</h1>
            </CardTitle>
            <CardDescription>{m.post_job_subtitle()}</CardDescription>
          </CardHeader>
          <CardContent>
            <JobFormFields form={form} notBefore={todayIn(timeZone)} />
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" size="lg" disabled={create.isPending} data-testid="job-submit">
              {create.isPending && <Spinner />}
              {create.isPending ? m.post_job_submitting() : m.post_job_submit()}
            </Button>
          </CardFooter>
        </Card>
      </form>
    </main>
  );
}
