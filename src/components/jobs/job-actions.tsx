import { ApplyCard } from "../applications/apply-card.tsx";
import { ContactEmployerDialog } from "../chat/contact-employer-dialog.tsx";
import { JobReviews } from "../reviews/job-reviews.tsx";
import { employerName } from "./job-money.ts";
import type { JobDetails, Me } from "./job-types.ts";

export type JobActionsProps = {
  job: JobDetails;
  /** The reader, or null for a visitor (undefined while loading). */
  me: Me | undefined;
};

/**
 * What a reader can do with a job besides managing it: the apply card and the message-the-employer
 * button (everyone but the owner) and, on a completed job, the Leave Review and thank-you cards (the
 * owner and the accepted workers).
 */
export function JobActions({ job, me }: JobActionsProps) {
  const isOwner = Boolean(me && me.user.id === job.employerId);
  return (
    <>
      {!isOwner && <ApplyCard job={job} me={me} />}
      {!isOwner && (
        <ContactEmployerDialog
          jobId={job.id}
          jobTitle={job.title}
          employerName={employerName(job.employer)}
          className="sm:w-full"
        />
      )}
      {me && job.status === "completed" && <JobReviews jobId={job.id} />}
    </>
  );
}
