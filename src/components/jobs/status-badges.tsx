import { shownJobStatus } from "../../../domain/job-clock.ts";
import type { ApplicationStatus, JobStatus } from "../../../domain/statuses.ts";
import { translate } from "../../lib/messages.ts";
import { Badge, type BadgeProps } from "../ui/badge.tsx";

type Colour = NonNullable<BadgeProps["variant"]>;

const JOB_COLOURS: Record<JobStatus, Colour> = { open: "green", in_progress: "blue", completed: "purple", cancelled: "red" };
const APPLICATION_COLOURS: Record<ApplicationStatus, Colour> = {
  pending: "grey",
  accepted: "green",
  rejected: "red",
  withdrawn: "outline",
};

/**
 * A job's status in its colour: open green, in progress blue, completed purple, cancelled red. Given
 * when its first shift starts, an open job that has started reads "in progress" (docs/decisions/048).
 */
export function JobStatusBadge({
  status: stored,
  startsAt = null,
  className,
}: {
  status: JobStatus;
  startsAt?: Date | string | null;
  className?: string;
}) {
  const status = shownJobStatus(stored, startsAt);
  return (
    <Badge variant={JOB_COLOURS[status]} className={className} data-testid="job-status" data-status={status}>
      {translate(`job_status_${status}`)}
    </Badge>
  );
}

/**
 * An application's status in its colour: pending grey, accepted green, rejected red, withdrawn outlined. The worker's own
 * (`mine`, on /my-jobs) says "Not accepted" rather than "Rejected".
 */
export function ApplicationStatusBadge({ status, mine = false }: { status: ApplicationStatus; mine?: boolean }) {
  const label = translate(mine ? `my_jobs_application_${status}` : `applications_status_${status}`);
  const testId = mine ? undefined : "application-status";
  return (
    <Badge variant={APPLICATION_COLOURS[status]} data-testid={testId} data-status={status}>
      {label}
    </Badge>
  );
}
