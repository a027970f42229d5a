import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, ClipboardList, QrCode, Timer } from "lucide-react";

import { isActiveJob, type JobStatus } from "../../../domain/statuses.ts";
import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { SHIFT_CARD_ID } from "../jobs/job-page-anchors.ts";
import { SectionCard } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { CheckInForm } from "./check-in-form.tsx";
import { shiftDay } from "./shift-helpers.ts";

/** The owner's shift links on the job page: the check-in code (while the job runs) and the timesheets. */
export function OwnerShiftCard({ jobId, status, hired }: { jobId: string; status: JobStatus; hired: number }) {
  if (hired === 0 && !isActiveJob(status)) return null;
  return (
    <SectionCard
      title={m.shift_card_title()}
      icon={<Timer aria-hidden className="size-5 text-muted-foreground" />}
      contentClassName="grid gap-2"
      data-testid="owner-shift-card"
    >
      {isActiveJob(status) && (
        <LinkButton to="/jobs/$jobId/attendance" params={{ jobId }} data-testid="open-attendance">
          <QrCode aria-hidden />
          {m.shift_code_open()}
        </LinkButton>
      )}
      <LinkButton to="/jobs/$jobId/timesheets" params={{ jobId }} variant="outline" data-testid="open-timesheets">
        <ClipboardList aria-hidden />
        {m.shift_timesheets_open()}
      </LinkButton>
    </SectionCard>
  );
}

/**
 * A hired worker's shift card: Check in or out on a shift day, where it leads the page ("lead"), else beside
 * the other cards ("aside"); both placements read one query (docs/decisions/047).
 */
export function WorkerShiftCard({ jobId, placement }: { jobId: string; placement: "lead" | "aside" }) {
  // The apply card asks the same (one request): only a hired worker's attendance is asked for.
  const application = useQuery(trpc.applications.mine.queryOptions({ jobId }));
  const hired = application.data?.status === "accepted";
  const mine = useQuery({ ...trpc.attendance.mine.queryOptions({ jobId }), retry: false, enabled: hired });
  if (!mine.data) return null;
  const data = mine.data;
  const day = shiftDay(data);
  if ((placement === "lead") !== (day !== null)) return null;
  const mode = day?.action ?? null;
  return (
    <SectionCard
      id={SHIFT_CARD_ID}
      title={
        day
          ? day.date === data.today
            ? m.shift_today_title()
            : m.shift_day_title({ date: formatDate(day.date, "long") })
          : m.shift_card_title()
      }
      icon={<Timer aria-hidden className="size-5 text-muted-foreground" />}
      contentClassName="grid gap-3"
      className={day ? "border-primary/50" : undefined}
      data-testid="worker-shift-card"
      data-placement={placement}
    >
      {data.openCheckIn?.checkInLocal && (
        <p className="text-sm" data-testid="worker-checked-in-at">
          {m.shift_checked_in_at({ time: data.openCheckIn.checkInLocal })}
        </p>
      )}
      {mode ? (
        <CheckInForm key={mode} jobId={jobId} mode={mode} />
      ) : day?.record ? (
        <DayRecorded record={day.record} today={day.date === data.today} date={day.date} />
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="worker-next-shift">
          {data.nextShiftDate && data.shift?.date !== data.nextShiftDate
            ? m.shift_next({ date: formatDate(data.nextShiftDate, "long") })
            : m.shift_none_now()}
        </p>
      )}
      <LinkButton to="/jobs/$jobId/timesheets" params={{ jobId }} variant="outline" data-testid="open-timesheets">
        <ClipboardList aria-hidden />
        {m.shift_timesheets_open()}
      </LinkButton>
    </SectionCard>
  );
}

/** "Today 08:40–17:05 recorded" (or the day's date, or absent): what the shift day's record says once it is done. */
function DayRecorded({
  record,
  today,
  date,
}: {
  record: { presence: "present" | "absent"; checkInLocal: string | null; checkOutLocal: string | null };
  today: boolean;
  date: string;
}) {
  const day = formatDate(date, "long");
  const text =
    record.presence === "absent"
      ? today
        ? m.shift_today_recorded_absent()
        : m.shift_day_recorded_absent({ date: day })
      : today
        ? m.shift_today_recorded({ from: record.checkInLocal ?? "—", to: record.checkOutLocal ?? "…" })
        : m.shift_day_recorded_times({ date: day, from: record.checkInLocal ?? "—", to: record.checkOutLocal ?? "…" });
  return (
    <p className="flex items-start gap-2 text-sm font-medium" data-testid="worker-day-recorded">
      <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      <span>{text}</span>
    </p>
  );
}
