import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarDays, Check, MapPin, Undo2, X } from "lucide-react";
import { useId, useRef, useState } from "react";

import { rejectionFinalAt } from "../../../domain/applications.ts";
import { formatDay, formatTime } from "../../lib/format.ts";
import { toastError, toastSuccess, toastUndoable } from "../../lib/toast.ts";
import { useBefore } from "../../lib/use-before.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { LazyConfirmDialog, loadConfirmDialog } from "../forms/lazy-confirm-dialog.tsx";
import { ApplicationStatusBadge } from "../jobs/status-badges.tsx";
import { personName } from "../profile/person-name.ts";
import { reliabilityFigures, type ReliabilityCounts } from "../profile/reliability-figures.ts";
import { RatingSummary } from "../reviews/rating.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../ui/card.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { ApplicantCertificates } from "./applicant-certificates.tsx";
import { formatDays } from "./apply-days.tsx";

export type JobApplications = RouterOutputs["applications"]["forJob"];
export type JobApplication = JobApplications["applications"][number];

// The worker's message, set off from the card like a quotation.
const QUOTE = "rounded-md border-s-4 border-primary/40 bg-muted/50 px-3 py-2 text-sm whitespace-pre-line break-words";

/**
 * One application on the owner's management page, with Accept and Reject while pending. After a rejection the
 * worker is not told for REJECTION_UNDO_SECONDS, and the card offers Undo (docs/decisions/026).
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
      // The job page's status dialogs say whether hired workers are told.
      queryClient.invalidateQueries({ queryKey: trpc.jobs.byId.queryKey({ jobId }) }),
      // A hire through Daywork asks a hold (docs/decisions/079): the payment card shows it.
      queryClient.invalidateQueries({ queryKey: trpc.holds.forJob.queryKey({ jobId }) }),
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
  // The dialog is mounted once first opened (its code is fetched then, or when Reject is pointed at);
  // `until` is when a rejection made now could no longer be undone.
  const [confirming, setConfirming] = useState<{ open: boolean; until: Date } | null>(null);
  const undo = useMutation(trpc.applications.undoReject.mutationOptions(options(() => m.applications_restored_toast())));
  const restore = () => undo.mutate({ applicationId: application.id });
  const accept = useMutation(trpc.applications.accept.mutationOptions(options(() => m.applications_accepted_toast())));
  const reject = useMutation(
    trpc.applications.reject.mutationOptions({
      onSuccess: async ({ undoUntil }) => {
        setConfirming((current) => current && { ...current, open: false });
        toastUndoable(m.applications_rejected_toast(), m.applications_undo_until({ time: formatTime(undoUntil) }), {
          label: m.applications_undo(),
          onUndo: restore,
        });
        await refresh();
      },
      onError: async (error) => {
        setConfirming((current) => current && { ...current, open: false });
        toastError(error);
        await refresh();
      },
    }),
  );
  const busy = accept.isPending || reject.isPending || undo.isPending;
  const { worker } = application;
  const rejectButton = useRef<HTMLButtonElement | null>(null);
  const undoUntil = application.status === "rejected" ? rejectionFinalAt(new Date(application.decidedAt)) : null;
  const undoable = useBefore(undoUntil);
  const undoNoteId = useId();

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
                {personName(worker.fullName)}
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
        {application.days && (
          <p className="flex items-center gap-2 text-sm" data-testid="application-days">
            <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {m.applications_days({ days: formatDays(application.days) })}
          </p>
        )}
        <ApplicantReliability reliability={worker.reliability} />
        <ApplicantCertificates certificates={worker.certificates} />
      </CardContent>
      {undoable && undoUntil && (
        <CardFooter className="flex flex-wrap items-center justify-between gap-2">
          <p id={undoNoteId} className="text-sm text-muted-foreground" data-testid="application-undo-note">
            {m.applications_undo_until({ time: formatTime(undoUntil) })}
          </p>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            aria-describedby={undoNoteId}
            onClick={restore}
            data-testid="application-undo"
          >
            {undo.isPending ? <Spinner /> : <Undo2 aria-hidden className="rtl:-scale-x-100" />}
            {m.applications_undo()}
          </Button>
        </CardFooter>
      )}
      {confirming && (
        <LazyConfirmDialog
          open={confirming.open}
          onOpenChange={(open) => setConfirming({ ...confirming, open })}
          title={m.applications_reject_title({ name: personName(worker.fullName) })}
          description={m.applications_reject_effect({ name: personName(worker.fullName), time: formatTime(confirming.until) })}
          labels={{ cancel: m.job_status_keep(), confirm: m.applications_reject() }}
          pending={reject.isPending}
          onConfirm={() => reject.mutate({ applicationId: application.id })}
          returnFocusTo={rejectButton}
          testIds={{
            dialog: "application-reject-dialog",
            cancel: "application-reject-keep",
            confirm: "application-reject-confirm",
          }}
        />
      )}
      {application.status === "pending" && (
        <CardFooter className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button
            ref={rejectButton}
            type="button"
            variant="outline"
            disabled={busy}
            onPointerEnter={loadConfirmDialog}
            onFocus={loadConfirmDialog}
            onClick={() => setConfirming({ open: true, until: rejectionFinalAt(new Date()) })}
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

/** The applicant's reliability figures (docs/decisions/033), small: the strikes are on their profile. */
function ApplicantReliability({ reliability }: { reliability: ReliabilityCounts }) {
  return (
    <section className="grid gap-2" data-testid="applicant-reliability">
      <h4 className="text-sm font-medium">{m.applications_reliability()}</h4>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {reliabilityFigures(reliability).map((figure) => (
          <div key={figure.testId} className="flex gap-1.5">
            <dt className="text-muted-foreground">{figure.label}:</dt>
            <dd className="font-medium tabular-nums" data-testid={figure.testId}>
              {figure.title ? (
                <>
                  <span aria-hidden>{figure.value}</span>
                  <span className="sr-only">{figure.title}</span>
                </>
              ) : (
                figure.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
