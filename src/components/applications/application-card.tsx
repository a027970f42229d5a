import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Check, MapPin, X } from "lucide-react";

import { formatDay } from "../../lib/format.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { ApplicationStatusBadge } from "../jobs/status-badges.tsx";
import { RatingSummary } from "../reviews/rating.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../ui/card.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { ApplicantCertificates } from "./applicant-certificates.tsx";

export type JobApplications = RouterOutputs["applications"]["forJob"];
export type JobApplication = JobApplications["applications"][number];

// The worker's message, set off from the card like a quotation.
const QUOTE = "rounded-md border-s-4 border-primary/40 bg-muted/50 px-3 py-2 text-sm whitespace-pre-line break-words";

/**
 * One application on the owner's management page: the worker (name to the public profile, bio,
 * location, rating), the message, status and date, the worker's certificates, and Accept and Reject
 * while it is pending. `canAccept` is false once the job's positions are filled or it stopped hiring.
 */
export function ApplicationCard({
  jobId,
  application,
  canAccept,
}: {
  jobId: string;
  application: JobApplication;
  canAccept: boolean;
}) {
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
          <RatingSummary {...worker.rating} emptyText={m.review_none()} testId="application-rating" />
          {worker.location && (
            <span className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
              <MapPin aria-hidden className="size-4 shrink-0" />
              <span className="truncate" dir="auto">
                {worker.location}
              </span>
            </span>
          )}
          <span className="text-xs text-muted-foreground" data-testid="application-date">
            {m.applications_applied_on({ date: formatDay(application.createdAt) })}
          </span>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {worker.bio && (
          <p className="text-sm whitespace-pre-line break-words text-muted-foreground" dir="auto" data-testid="application-bio">
            {worker.bio}
          </p>
        )}
        {application.message && (
          <figure className="grid gap-1">
            <figcaption className="text-sm font-medium">{m.applications_message_label()}</figcaption>
            <blockquote className={QUOTE} dir="auto" data-testid="application-message">
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
