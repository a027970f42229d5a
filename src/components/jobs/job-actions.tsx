import type { JobDetails, Me } from "./job-types";

export type JobActionsProps = {
  job: JobDetails;
  /** The reader, or null for a visitor. */
  me: Me | undefined;
};

/**
 * The job page's slot for what a reader other than the owner can do with the job: the apply card,
 * the message-the-employer button and the review prompt belong here and are built with the
 * applications, chat and reviews features. Until they render something, the slot renders nothing
 * rather than a placeholder, so the page shows only what works.
 */
export function JobActions(_props: JobActionsProps) {
  return null;
}
