import { InvitationCard } from "../rehiring/invitation-card.tsx";
import { PostAgainLink } from "../rehiring/post-again-link.tsx";
import { OwnerShiftCard, WorkerShiftCard } from "../shifts/job-shift-cards.tsx";
import type { JobDetails, Me } from "./job-types.ts";
import { ManageJobCard } from "./manage-job-card.tsx";

/**
 * The job page's cards for the people taking part: the owner manages the job, posts it again and runs
 * its shifts; a worker checks in and out once hired, and answers an invitation to it. Loaded on its
 * own, so a visitor's job page carries none of this code.
 */
export function JobMemberCards({ job, me, isOwner }: { job: JobDetails; me: NonNullable<Me>; isOwner: boolean }) {
  const isWorker = me.profile?.userType === "worker" && !isOwner;
  return (
    <>
      {isOwner && <ManageJobCard job={job} />}
      {isOwner && <PostAgainLink jobId={job.id} status={job.status} />}
      {isOwner && <OwnerShiftCard jobId={job.id} status={job.status} hired={job.acceptedCount} />}
      {/* A hired worker's Check in / Check out and timesheets. */}
      {isWorker && job.status !== "cancelled" && <WorkerShiftCard jobId={job.id} />}
      {isWorker && <InvitationCard jobId={job.id} />}
    </>
  );
}
