import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { inferRouterOutputs } from "@trpc/server";
import { Check, MapPin, Star, X } from "lucide-react";
import type { AppRouter } from "../../../server/trpc/router";
import { formatNumber } from "../../lib/format";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../ui/card";
import { Spinner } from "../ui/spinner";
import { ApplicantCertificates } from "./applicant-certificates";
import { ApplicationStatusBadge } from "./application-status-badge";
import { formatDay } from "../../lib/format";

export type JobApplications = inferRouterOutputs<AppRouter>["applications"]["forJob"];
export type JobApplication = JobApplications["applications"][number];

function WorkerRating({ average, count }: { average: number | null; count: number }) {
  if (average === null || count <= 0) {
    return <span className="text-sm text-muted-foreground" data-testid="application-rating">{m.review_none()}</span>;
  }
  const rating = formatNumber(average, 1);
  return (
    <span className="inline-flex items-center gap-1 text-sm" data-testid="application-rating">
      <span className="sr-only">{m.rating_summary_label({ rating, count })}</span>
      <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
      <span aria-hidden className="font-medium">{rating}</span>
      <span aria-hidden className="text-muted-foreground">· {m.rating_review_count({ count })}</span>
    </span>
  );
}

/**
 * One application on the owner's management page: the worker (name to the public profile, bio,
 * location, rating), the message, status and date, the worker's certificates, and Accept and Reject
 * while it is pending. `canAccept` is false once the job's positions are filled or it stopped hiring.
 */
export function ApplicationCard({ jobId, application, canAccept }: { jobId: string; application: JobApplication; canAccept: boolean }) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.applications.forJob.queryKey({ jobId }) }),
      // The owner's review cards list the accepted workers.
      queryClient.invalidateQueries({ queryKey: trpc.ratings.forJob.queryKey({ jobId }) }),
    ]);
  const options = (done: () => string) => ({
    onSuccess: async () => {
      toastSuccess(done());
      await refresh();
    },
    onError: async (error: unknown) => {
      toastError(error);
      // Someone (or another tab) may have changed the job meanwhile: show it as it now is.
      await refresh();
    },
  });
  const accept = useMutation(trpc.applications.accept.mutationOptions(options(() => m.applications_accepted_toast())));
  const reject = useMutation(trpc.applications.reject.mutationOptions(options(() => m.applications_rejected_toast())));
  const busy = accept.isPending || reject.isPending;
  const { worker } = application;

  return (
    <Card data-testid="application-card" data-application-id={application.id} data-status={application.status}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild className="min-w-0">
            <h3>
              <Link
                to="/profile/$profileId"
                params={{ profileId: worker.id }}
                className="break-words text-primary hover:underline"
                dir="auto"
                data-testid="application-worker"
              >
                {worker.fullName}
              </Link>
            </h3>
          </CardTitle>
          <ApplicationStatusBadge status={application.status} />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <WorkerRating average={worker.ratingAverage} count={worker.ratingCount} />
          {worker.location && (
            <span className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
              <MapPin aria-hidden className="size-4 shrink-0" />
              <span className="truncate" dir="auto">{worker.location}</span>
            </span>
          )}
          <span className="text-xs text-muted-foreground" data-testid="application-date">
            {m.applications_applied_on({ date: formatDay(application.createdAt) })}
          </span>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {worker.bio && <p className="text-sm whitespace-pre-line break-words text-muted-foreground" dir="auto" data-testid="application-bio">{worker.bio}</p>}
        {application.message && (
          <figure className="grid gap-1">
            <figcaption className="text-sm font-medium">{m.applications_message_label()}</figcaption>
            <blockquote
              className="rounded-md border-s-4 border-primary/40 bg-muted/50 px-3 py-2 text-sm whitespace-pre-line break-words"
              dir="auto"
              data-testid="application-message"
            >
              {application.message}
            </blockquote>
          </figure>
        )}
        <ApplicantCertificates workerId={worker.id} />
      </CardContent>
      {application.status === "pending" && (
        <CardFooter className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => reject.mutate({ applicationId: application.id })}
            data-testid="application-reject"
          >
            {reject.isPending ? <Spinner /> : <X aria-hidden />}
            {m.applications_reject()}
          </Button>
          <Button
            type="button"
            disabled={busy || !canAccept}
            onClick={() => accept.mutate({ applicationId: application.id })}
            data-testid="application-accept"
          >
            {accept.isPending ? <Spinner /> : <Check aria-hidden />}
            {m.applications_accept()}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
