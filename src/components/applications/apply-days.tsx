import { useId } from "react";

import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { Checkbox } from "../ui/checkbox.tsx";

/** Days as the reader writes them, in order: "Nov 24, 2026, Nov 25, 2026". */
export function formatDays(days: readonly string[]): string {
  return [...days]
    .sort()
    .map((d) => formatDate(d))
    .join(", ");
}

/**
 * The apply form's day picker for a job whose owner lets workers choose days (docs/decisions/035): one
 * checkbox per day of the job, a full day marked (and not offered). `error` is shown under them.
 */
export function ApplyDays({
  dates,
  fullDays,
  selected,
  onChange,
  error,
}: {
  dates: readonly string[];
  fullDays: readonly string[];
  selected: readonly string[];
  onChange: (days: string[]) => void;
  error?: string;
}) {
  const labelId = useId();
  const errorId = useId();
  const toggle = (date: string, on: boolean) =>
    onChange(on ? [...selected.filter((d) => d !== date), date].sort() : selected.filter((d) => d !== date));
  return (
    <fieldset
      className="grid gap-2"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      data-testid="apply-days"
    >
      <legend id={labelId} className="text-sm font-medium">
        {m.apply_days_label()}
      </legend>
      <ul className="grid gap-2">
        {dates.map((date) => {
          const full = fullDays.includes(date);
          const id = `${labelId}-${date}`;
          return (
            <li key={date} className="flex items-center gap-3">
              <Checkbox
                id={id}
                checked={!full && selected.includes(date)}
                disabled={full}
                onCheckedChange={(v) => toggle(date, v === true)}
                data-testid="apply-day"
                data-date={date}
                data-full={full}
              />
              <label htmlFor={id} className="text-sm">
                {formatDate(date)}
                {full && <span className="ms-2 text-muted-foreground">({m.apply_day_full()})</span>}
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
