import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useState } from "react";

import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { ClearButton } from "../ui/clear-button.tsx";
import type { PickerControlProps } from "../ui/field.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover.tsx";

// The calendar and its date locales are most of this picker's weight: fetched once the trigger is
// pointed at or focused, so the home page's first load goes without them.
const loadCalendar = () => import("./date-picker-calendar.tsx");
const DatePickerCalendar = lazy(loadCalendar);

/** YYYY-MM-DD of a calendar day picked in the browser's local time. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local-midnight Date of a YYYY-MM-DD day, for the calendar. */
function localDay(iso: string): Date {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export type DatePickerProps = {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: string;
  /** Days before this one (YYYY-MM-DD) cannot be picked. */
  notBefore?: string;
  /** Shows a button that clears the day, with this accessible label. */
  clearLabel?: string;
} & PickerControlProps;

/** One calendar day in a popover: the start-date field of the job form and the home page's date filter. */
export function DatePicker({ value, onChange, placeholder, notBefore, clearLabel, className, ...props }: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? localDay(value) : undefined;
  // A button cannot be required (aria-required is not allowed on it: the field's label marks it), and
  // a label given here leads the button's own words rather than replacing them (label in name).
  const { "aria-required": _required, "aria-label": label, ...control } = props;
  const testId = control["data-testid"];
  const shown = value ? formatDate(value) : placeholder;
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            onPointerEnter={loadCalendar}
            onFocus={loadCalendar}
            {...control}
            className={cn("w-full min-w-0 shrink justify-start gap-2 font-normal", !value && "text-muted-foreground")}
          >
            <CalendarDays aria-hidden />
            {label && <span className="sr-only">{label}: </span>}
            <span className="truncate">{shown}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-0" align="start" aria-label={label ?? placeholder}>
          <Suspense fallback={<div className="size-72" aria-busy="true" />}>
            <DatePickerCalendar
              selected={selected}
              notBefore={notBefore ? localDay(notBefore) : undefined}
              onSelect={(day) => {
                onChange(day ? isoDay(day) : undefined);
                setOpen(false);
              }}
              testId={testId}
            />
          </Suspense>
        </PopoverContent>
      </Popover>
      {value && clearLabel && (
        <ClearButton label={clearLabel} onClear={() => onChange(undefined)} testId={testId ? `${testId}-clear` : undefined} />
      )}
    </div>
  );
}
