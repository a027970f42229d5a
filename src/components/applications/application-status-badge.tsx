import type { ApplicationStatus } from "../../../domain/statuses";
import { translate } from "../../lib/messages";
import { Badge, type BadgeProps } from "../ui/badge";

const COLOURS: Record<ApplicationStatus, NonNullable<BadgeProps["variant"]>> = {
  pending: "grey",
  accepted: "green",
  rejected: "red",
};

/** An application's status in its colour: pending grey, accepted green, rejected red. */
export function ApplicationStatusBadge({ status, className }: { status: ApplicationStatus; className?: string }) {
  return (
    <Badge variant={COLOURS[status]} className={className} data-testid="application-status" data-status={status}>
      {translate(`applications_status_${status}`)}
    </Badge>
  );
}
