import { CalendarDays } from "lucide-react";

import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";

/**
 * The owner's applications page, for a job that takes workers for some of its days (docs/decisions/035):
 * each day with how many are hired of the most it takes ("Nov 24, 2026: 2 of 3 hired"), and a note once
 * every day is full.
 */
export function DayStaffing({ days, max }: { days: readonly { date: string; accepted: number }[]; max: number }) {
  return (
    <section className="grid gap-2 rounded-lg border bg-card p-4" aria-labelledby="day-staffing-title" data-testid="day-staffing">
      <h2 id="day-staffing-title" className="flex items-center gap-2 text-sm font-medium">
        <CalendarDays aria-hidden className="size-4 text-muted-foreground" />
        {m.applications_staffing_title()}
      </h2>
      <ul className="grid gap-1 text-sm">
        {days.map((day) => (
          <li
            key={day.date}
            data-testid="day-staffing-day"
            data-date={day.date}
            data-accepted={day.accepted}
            data-full={day.accepted >= max}
            className={day.accepted >= max ? "font-medium text-emerald-700" : "text-muted-foreground"}
          >
            {m.applications_day_staffing({ day: formatDate(day.date), accepted: day.accepted, max })}
          </li>
        ))}
      </ul>
      {days.every((day) => day.accepted >= max) && (
        <p className="text-sm text-muted-foreground" data-testid="applications-full">
          {m.applications_capacity_reached()}
        </p>
      )}
    </section>
  );
}
