import type { TimesheetStatus } from "../../../domain/timesheets.ts";
import { translate } from "../../lib/messages.ts";
import { Badge } from "../ui/badge.tsx";

const STATUS_VARIANT: Record<TimesheetStatus, "green" | "blue" | "purple" | "red" | "grey"> = {
  pending_employer: "blue",
  approved: "purple",
  edited: "purple",
  accepted: "green",
  disputed: "red",
  resolved: "green",
  auto_approved: "green",
};

export function TimesheetStatusBadge({ status }: { status: TimesheetStatus | null }) {
  return (
    <Badge variant={status ? STATUS_VARIANT[status] : "grey"} data-testid="timesheet-status" data-status={status ?? "none"}>
      {translate(`timesheet_status_${status ?? "no_record"}`)}
    </Badge>
  );
}
