import { CalendarDays } from "lucide-react";
import { useState } from "react";
import type { DayPickerLocale } from "react-day-picker";
import { ar, de, enUS, es, fr, kk, ru, uz, zhCN } from "react-day-picker/locale";

import { textDirection, type LanguageCode } from "../../../domain/languages.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate, hasIntlData } from "../../lib/format.ts";
import { currentLanguage } from "../../lib/locale.ts";
import { Button } from "../ui/button.tsx";
import { Calendar } from "../ui/calendar.tsx";
import { ClearButton } from "../ui/clear-button.tsx";
import type { PickerControlProps } from "../ui/field.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover.tsx";

// Turkmen has no date-fns locale: its week layout and labels fall back to English. Month and weekday
// names come from Intl where the browser has the language's data (Chromium has no Turkmen, and some
// builds have no Kazakh or Uzbek names), else from these date-fns locales.
const DAY_PICKER_LOCALES: Record<LanguageCode, DayPickerLocale> = { ru, en: enUS, uz, kk, tk: enUS, es, de, fr, ar, zh: zhCN };

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

/**
 * Short weekday names for the calendar's 40px columns, or one-letter ones where the short names do
 * not fit (Arabic's short names are the full words: "الأربعاء").
 */
function weekdayFormat(language: string): Intl.DateTimeFormat {
  const short = new Intl.DateTimeFormat(language, { weekday: "short" });
  const week = Array.from({ length: 7 }, (_, i) => new Date(2026, 0, 4 + i));
  return week.some((day) => Array.from(short.format(day)).length > 4)
    ? new Intl.DateTimeFormat(language, { weekday: "narrow" })
    : short;
}

/** One calendar day in a popover: the start-date field of the job form and the home page's date filter. */
export function DatePicker({ value, onChange, placeholder, notBefore, clearLabel, className, ...control }: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const language = currentLanguage();
  const monthYear = new Intl.DateTimeFormat(language, { month: "long", year: "numeric" });
  const weekday = weekdayFormat(language);
  const formatters = hasIntlData(language)
    ? { formatCaption: (month: Date) => monthYear.format(month), formatWeekdayName: (day: Date) => weekday.format(day) }
    : undefined;
  const selected = value ? localDay(value) : undefined;
  const testId = control["data-testid"];
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            {...control}
            className={cn("w-full min-w-0 shrink justify-start gap-2 font-normal", !value && "text-muted-foreground")}
          >
            <CalendarDays aria-hidden />
            <span className="truncate">{value ? formatDate(value) : placeholder}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-0" align="start">
          <Calendar
            mode="single"
            selected={selected}
            defaultMonth={selected}
            locale={DAY_PICKER_LOCALES[language]}
            dir={textDirection(language)}
            formatters={formatters}
            disabled={notBefore ? { before: localDay(notBefore) } : undefined}
            onSelect={(day) => {
              onChange(day ? isoDay(day) : undefined);
              setOpen(false);
            }}
            data-testid={testId ? `${testId}-calendar` : undefined}
          />
        </PopoverContent>
      </Popover>
      {value && clearLabel && (
        <ClearButton label={clearLabel} onClear={() => onChange(undefined)} testId={testId ? `${testId}-clear` : undefined} />
      )}
    </div>
  );
}
