import type { DayPickerLocale } from "react-day-picker";
import { ar, de, enUS, es, fr, kk, ru, uz, zhCN } from "react-day-picker/locale";

import { textDirection, type LanguageCode } from "../../../domain/languages.ts";
import { hasIntlData } from "../../lib/format.ts";
import { currentLanguage } from "../../lib/locale.ts";
import { Calendar } from "../ui/calendar.tsx";

// Turkmen has no date-fns locale: its week layout and labels fall back to English. Month and weekday
// names come from Intl where the browser has the language's data (Chromium has no Turkmen, and some
// builds have no Kazakh or Uzbek names), else from these date-fns locales.
const DAY_PICKER_LOCALES: Record<LanguageCode, DayPickerLocale> = { ru, en: enUS, uz, kk, tk: enUS, es, de, fr, ar, zh: zhCN };

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

/** The month grid of the date picker: in a chunk of its own with its calendar and date locales, loaded when opened. */
export default function DatePickerCalendar({
  selected,
  notBefore,
  onSelect,
  testId,
}: {
  selected: Date | undefined;
  notBefore: Date | undefined;
  onSelect: (day: Date | undefined) => void;
  testId: string | undefined;
}) {
  const language = currentLanguage();
  const monthYear = new Intl.DateTimeFormat(language, { month: "long", year: "numeric" });
  const weekday = weekdayFormat(language);
  const formatters = hasIntlData(language)
    ? { formatCaption: (month: Date) => monthYear.format(month), formatWeekdayName: (day: Date) => weekday.format(day) }
    : undefined;
  return (
    <Calendar
      mode="single"
      selected={selected}
      defaultMonth={selected}
      locale={DAY_PICKER_LOCALES[language]}
      dir={textDirection(language)}
      formatters={formatters}
      disabled={notBefore ? { before: notBefore } : undefined}
      onSelect={onSelect}
      data-testid={testId ? `${testId}-calendar` : undefined}
    />
  );
}
