import { MessageSquare } from "lucide-react";

import { m } from "../../paraglide/messages.js";
import { JobPayCard } from "../money/job-pay-card.tsx";
import { InvitationCard } from "../rehiring/invitation-card.tsx";
import { PostAgainLink } from "../rehiring/post-again-link.tsx";
import { OwnerShiftCard, WorkerShiftCard } from "../shifts/job-shift-cards.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import type { JobDetails, Me } from "./job-types.ts";
import { ManageJobCard } from "./manage-job-card.tsx";

/**
 * The job page's cards for the people taking part: the owner manages the job, opens its group chat,
 * posts it again and runs its shifts; a worker checks in and out once hired, and answers an invitation to it. Loaded on its
 * own, so a visitor's job page carries none of this code.
 */
export function JobMemberCards({ job, me, isOwner }: { job: JobDetails; me: NonNullable<Me>; isOwner: boolean }) {
  const isWorker = me.profile?.userType === "worker" && !isOwner;
  return (
    <>
      {isOwner && <ManageJobCard job={job} />}
      {/* Through Daywork: the employer's payment held before the shift, said in plain words (docs/decisions/079). */}
      {job.payMode === "through_daywork" && (isOwner || isWorker) && <JobPayCard jobId={job.id} isOwner={isOwner} />}
      {/* The group chat opens with the first hire (docs/decisions/047: the owner's way to it from the job). */}
      {isOwner && job.acceptedCount > 0 && (
        <LinkButton
          to="/jobs/$jobId/chat"
          params={{ jobId: job.id }}
          variant="outline"
          className="w-full"
          data-testid="job-group-chat"
        >
          <MessageSquare aria-hidden />
          {m.job_group_chat()}
        </LinkButton>
      )}
      {isOwner && <PostAgainLink jobId={job.id} status={job.status} />}
      {isOwner && <OwnerShiftCard jobId={job.id} status={job.status} hired={job.acceptedCount} />}
      {/* A hired worker's shifts on other days (on a shift day the card leads the page: JobMemberLead). */}
      {isWorker && job.status !== "cancelled" && <WorkerShiftCard jobId={job.id} placement="aside" />}
      {isWorker && <InvitationCard jobId={job.id} />}
    </>
  );
}

/**
 * What leads the job page for a person taking part, above the job's description: on a hired worker's
 * shift day, their Check in / Check out (docs/decisions/047). Nothing otherwise.
 */
export function JobMemberLead({ job, me, isOwner }: { job: JobDetails; me: NonNullable<Me>; isOwner: boolean }) {
  const isWorker = me.profile?.userType === "worker" && !isOwner;
  if (!isWorker || job.status === "cancelled") return null;
  return <WorkerShiftCard jobId={job.id} placement="lead" />;
}
