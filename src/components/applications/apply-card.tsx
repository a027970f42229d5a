import { Info } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";

import { takesApplications } from "../../../domain/job-clock.ts";
import type { JobStatus } from "../../../domain/statuses.ts";
import { m } from "../../paraglide/messages.js";
import { SendIcon } from "../forms/send-icon.tsx";
import { APPLY_CARD_ID } from "../jobs/job-page-anchors.ts";
import type { JobDetails, Me } from "../jobs/job-types.ts";
import { SectionCard } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

// A worker's side of the card (the form, their application) loads only for a signed-in worker.
const WorkerApplyCard = lazy(() => import("./worker-apply-card.tsx").then((module) => ({ default: module.WorkerApplyCard })));

const CLOSED_NOTES: Record<Exclude<JobStatus, "open">, () => string> = {
  in_progress: () => m.apply_note_in_progress(),
  completed: () => m.apply_note_completed(),
  cancelled: () => m.apply_note_cancelled(),
};

/** Why a job without the reader's application shows no Apply Now button. */
export function ClosedNote({ job }: { job: Pick<JobDetails, "status" | "endsAt"> }) {
  if (takesApplications(job)) return null;
  const { status } = job;
  return (
    <p
      className="flex items-start gap-2 text-sm text-muted-foreground"
      data-testid="apply-closed-note"
      data-status={status === "open" ? "ended" : status}
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      {status === "open" ? m.apply_note_ended() : CLOSED_NOTES[status]()}
    </p>
  );
}

/**
 * The card's frame. Its title says what the card is for the reader: applying, their application, or
 * (once hired) their place on the job; never "Apply for this job" to someone already hired.
 */
export function ApplyShell({ children, description, title }: { children: ReactNode; description?: ReactNode; title?: string }) {
  return (
    <SectionCard
      id={APPLY_CARD_ID}
      title={title ?? m.apply_title()}
      description={description}
      contentClassName="grid gap-3"
      data-testid="apply-card"
    >
      {children}
    </SectionCard>
  );
}

/**
 * The apply card of a job page for everyone but the owner (docs/product.md, Applications and hiring): a visitor is sent to sign
 * in and back; a worker sees Apply Now with an optional message (and the days, where the owner lets
 * workers choose), or the state of their application with Withdraw while it is pending or hired;
 * an employer account sees nothing (only workers can apply, and the server refuses the rest).
 */
export function ApplyCard({ job, me }: { job: JobDetails; me: Me | undefined }) {
  // Still finding out who is reading: show nothing rather than the wrong card.
  if (me === undefined) return null;
  const isOpen = takesApplications(job);
  if (me === null) {
    return (
      <ApplyShell description={isOpen ? m.apply_sign_in() : undefined}>
        {isOpen ? (
          <LinkButton to="/auth" search={{ redirect: `/jobs/${job.id}` }} data-testid="apply-button" size="lg" className="w-full">
            <SendIcon />
            {m.apply_now()}
          </LinkButton>
        ) : (
          <ClosedNote job={job} />
        )}
      </ApplyShell>
    );
  }
  // Signed up but not onboarded: the person chooses to be a worker there first.
  if (!me.profile?.onboardingCompletedAt) {
    if (!isOpen) return null;
    return (
      <ApplyShell>
        <LinkButton to="/onboarding" data-testid="apply-button" size="lg" className="w-full">
          <SendIcon />
          {m.apply_now()}
        </LinkButton>
      </ApplyShell>
    );
  }
  if (me.profile.userType !== "worker") return null;
  return (
    <Suspense fallback={<ApplyShellLoading />}>
      <WorkerApplyCard job={job} />
    </Suspense>
  );
}

/** The card while a worker's side of it, or their application, is on its way. */
export function ApplyShellLoading() {
  return (
    <ApplyShell>
      <p className="sr-only" role="status">
        {m.common_loading()}
      </p>
      <Skeleton className="h-24" />
    </ApplyShell>
  );
}
