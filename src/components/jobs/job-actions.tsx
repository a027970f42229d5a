import { lazy, Suspense } from "react";

import { ApplyCard } from "../applications/apply-card.tsx";
import { ContactEmployer } from "../chat/contact-employer.tsx";
import { employerName } from "./job-money.ts";
import type { JobDetails, Me } from "./job-types.ts";

// Reviews are for the people who took part in a finished job: a visitor's job page loads none of their code.
const JobReviews = lazy(() => import("../reviews/job-reviews.tsx").then((module) => ({ default: module.JobReviews })));
// Reporting is for signed-in readers only: a visitor's job page loads none of its code either.
const ReportButton = lazy(() => import("../reports/report-dialog.tsx").then((module) => ({ default: module.ReportButton })));

export type JobActionsProps = {
  job: JobDetails;
  /** The reader, or null for a visitor (undefined while loading). */
  me: Me | undefined;
};

/**
 * What a reader can do with a job besides managing it: the apply card and the message-the-employer
 * button (everyone but the owner) and, on a completed job, the Leave Review and thank-you cards (the
 * owner and the accepted workers); a quiet Report for signed-in readers but the owner (docs/decisions/070).
 */
export function JobActions({ job, me }: JobActionsProps) {
  const isOwner = Boolean(me && me.user.id === job.employerId);
  return (
    <>
      {!isOwner && <ApplyCard job={job} me={me} />}
      {!isOwner && (
        <ContactEmployer jobId={job.id} jobTitle={job.title} employerName={employerName(job.employer)} className="sm:w-full" />
      )}
      {me && !isOwner && (
        <Suspense fallback={null}>
          <ReportButton subject={{ type: "job", id: job.id }} className="justify-self-start sm:justify-self-center" />
        </Suspense>
      )}
      {me && job.status === "completed" && (
        <Suspense fallback={null}>
          <JobReviews jobId={job.id} />
        </Suspense>
      )}
    </>
  );
}
