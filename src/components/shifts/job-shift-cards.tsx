import { useQuery } from "@tanstack/react-query";
import { ClipboardList, QrCode, Timer } from "lucide-react";

import { isActiveJob, type JobStatus } from "../../../domain/statuses.ts";
import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { SectionCard } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { CheckInForm } from "./check-in-form.tsx";

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
 * A hired worker's card on the job page: Check in or Check out with the code on a shift day, when the
 * next shift is otherwise, and their timesheets. Nothing for anyone not hired (attendance.mine refuses).
 */
export function WorkerShiftCard({ jobId }: { jobId: string }) {
  // The apply card asks the same (one request): only a hired worker's attendance is asked for.
  const application = useQuery(trpc.applications.mine.queryOptions({ jobId }));
  const hired = application.data?.status === "accepted";
  const mine = useQuery({ ...trpc.attendance.mine.queryOptions({ jobId }), retry: false, enabled: hired });
  if (!mine.data) return null;
  const data = mine.data;
  const mode = data.canCheckOut ? "out" : data.canCheckIn ? "in" : null;
  return (
    <SectionCard
      title={m.shift_card_title()}
      icon={<Timer aria-hidden className="size-5 text-muted-foreground" />}
      contentClassName="grid gap-3"
      data-testid="worker-shift-card"
    >
      {data.openCheckIn?.checkInLocal && (
        <p className="text-sm" data-testid="worker-checked-in-at">
          {m.shift_checked_in_at({ time: data.openCheckIn.checkInLocal })}
        </p>
      )}
      {mode ? (
        <CheckInForm key={mode} jobId={jobId} mode={mode} />
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
