import type { AttendancePresence } from "../../../domain/attendance.ts";
import { m } from "../../paraglide/messages.js";

/** A day's check-in and check-out (local times of the job), "Absent", or "Not recorded". */
export function DayTimes({
  attendance,
}: {
  attendance: { presence: AttendancePresence; checkInLocal: string | null; checkOutLocal: string | null } | null;
}) {
  if (!attendance) return <span className="text-sm text-muted-foreground">{m.timesheet_status_no_record()}</span>;
  if (attendance.presence === "absent") return <span className="text-sm">{m.shift_absent()}</span>;
  return (
    <span className="text-sm tabular-nums" data-testid="day-times">
      <bdi>{attendance.checkInLocal ?? "—"}</bdi> – <bdi>{attendance.checkOutLocal ?? "…"}</bdi>
    </span>
  );
}
