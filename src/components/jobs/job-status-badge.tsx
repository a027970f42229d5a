import type { JobStatus } from "../../../domain/statuses";
import { translate } from "../../lib/messages";
import { Badge, type BadgeProps } from "../ui/badge";

const COLOURS: Record<JobStatus, NonNullable<BadgeProps["variant"]>> = {
  open: "green",
  in_progress: "blue",
  completed: "purple",
  cancelled: "red",
};

/** A job's status in its colour (SPEC.md §4): open green, in progress blue, completed purple, cancelled red, else grey. */
export function JobStatusBadge({ status, className }: { status: string; className?: string }) {
  const known = status in COLOURS ? (status as JobStatus) : null;
  return (
    <Badge variant={known ? COLOURS[known] : "grey"} className={className} data-testid="job-status" data-status={status}>
      {known ? translate(`job_status_${known}`) : status.replaceAll("_", " ")}
    </Badge>
  );
}
