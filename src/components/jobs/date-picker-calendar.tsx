import { DateLib, labelDayButton, type DateLibOptions, type DayPickerLocale, type Modifiers } from "react-day-picker";
import { ar, de, enUS, es, fr, kk, ru, uz, zhCN } from "react-day-picker/locale";

import { intlLocaleFor } from "../../../domain/intl-locale.ts";
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

/**
 * A day button's accessible name: the full date, which must contain the number the button shows (WCAG
 * 2.5.3, label in name; date-fns's English "November 1st" does not), so the number leads where it would
 * not otherwise appear as a word of its own.
 */
function dayLabeller(language: LanguageCode) {
  const { locale, named } = intlLocaleFor(language);
  const full = named ? new Intl.DateTimeFormat(locale, { dateStyle: "full" }) : null;
  return (date: Date, modifiers: Modifiers, options?: DateLibOptions, dateLib: DateLib = new DateLib(options)) => {
    const shown = dateLib.format(date, "d");
    const label = full ? full.format(date) : labelDayButton(date, modifiers, options, dateLib);
    return label.split(/[^\p{L}\p{N}]+/u).includes(shown) ? label : `${shown}, ${label}`;
  };
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
      labels={{ labelDayButton: dayLabeller(language) }}
      disabled={notBefore ? { before: notBefore } : undefined}
      onSelect={onSelect}
      data-testid={testId ? `${testId}-calendar` : undefined}
    />
  );
}
