import { Repeat } from "lucide-react";

import { isActiveJob, type JobStatus } from "../../../domain/statuses.ts";
import { m } from "../../paraglide/messages.js";
import { LinkButton } from "../ui/link-button.tsx";

/** "Post again" on the owner's own finished (completed or cancelled) job page (docs/decisions/036). */
export function PostAgainLink({ jobId, status }: { jobId: string; status: JobStatus }) {
  if (isActiveJob(status)) return null;
  return (
    <LinkButton to="/jobs/$jobId/post-again" params={{ jobId }} variant="outline" className="w-full" data-testid="job-post-again">
      <Repeat aria-hidden />
      {m.rehiring_post_again()}
    </LinkButton>
  );
}
