import { CalendarDays, SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useState } from "react";

import { CATEGORIES } from "../../../domain/categories.ts";
import { COUNTRY_CODES } from "../../../domain/countries.ts";
import type { ProfileCurrency } from "../../../domain/currencies.ts";
import { chosenChips, type HomeFilterChip, type HomeFilters } from "../../../domain/home-filters.ts";
import {
  DURATION_FILTERS,
  PRICE_EDGES,
  PRICE_FILTERS,
  type DistanceKm,
  type DurationFilterKey,
  type PriceFilterKey,
} from "../../../domain/job-filter-choices.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate, formatMoney, formatNumber } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { useReaderCurrency } from "../../lib/reader-currency.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { m } from "../../paraglide/messages.js";
import type { SelectOption } from "../forms/select-field.tsx";
import { countryName } from "../places/country-name.ts";
import { Button } from "../ui/button.tsx";
import { ClearButton } from "../ui/clear-button.tsx";
import { LazyOnUse } from "../ui/lazy-on-use.tsx";
import { LazySelectField } from "../ui/lazy-select-field.tsx";
import type { DatePickerProps } from "./date-picker.tsx";
import { distanceOptions, PlaceFilter, withinLabel } from "./place-filter.tsx";

/** Tailwind's `sm`: from here the filters stand inline. */
const WIDE_SCREEN = "(min-width: 40rem)";

/** The filters the bar sets: every home filter but the text (the search box's) and the currency (the reader's). */
export type JobFilterValues = Omit<HomeFilters, "q" | "currency">;

/** What the chosen point is called in sentences: the city's name, "My location", or nothing yet. */
export type PlaceName = string | undefined;

const DURATION_LABELS: Record<DurationFilterKey, () => string> = {
  "1": () => m.home_duration_1(),
  "2-3": () => m.home_duration_2_3(),
  "4-7": () => m.home_duration_4_7(),
};
// The brackets' edges are the reader's currency's own ("Under 300 ₽ per hour", docs/decisions/049).
const PRICE_LABELS: Record<PriceFilterKey, (currency: ProfileCurrency) => string> = {
  low: (c) => m.home_price_under_15({ amount: formatMoney(PRICE_EDGES[c][0], c) }),
  mid: (c) => m.home_price_15_25({ from: formatMoney(PRICE_EDGES[c][0], c), to: formatMoney(PRICE_EDGES[c][1], c) }),
  high: (c) => m.home_price_25_plus({ amount: formatMoney(PRICE_EDGES[c][1], c) }),
  negotiable: () => m.home_price_negotiable(),
};

/**
 * What each chosen filter's chip reads as, in a sentence or on a button ("2–3 days", "Delivery", "within
 * 10 km of Kazan"), in the list's order (domain/home-filters.ts); price limits in `currency`, the reader's.
 * A point without a distance has no chip: it only measures.
 */
export function filterChoiceLabels(
  value: JobFilterValues,
  place: PlaceName,
  currency: ProfileCurrency,
): { key: HomeFilterChip; label: string }[] {
  return chosenChips(value).flatMap((key) => {
    const label = CHIP_LABELS[key](value, place, currency);
    return label === undefined ? [] : [{ key, label }];
  });
}

const CHIP_LABELS: Record<
  HomeFilterChip,
  (value: JobFilterValues, place: PlaceName, currency: ProfileCurrency) => string | undefined
> = {
  category: (v) => v.category && translate(`category_${v.category}`),
  duration: (v) => v.duration && DURATION_LABELS[v.duration](),
  date: (v) => v.startDate && formatDate(v.startDate),
  price: (v, _place, currency) => v.price && PRICE_LABELS[v.price](currency),
  country: (v) => v.country && countryName(v.country),
  place: (v, place) => (v.km !== undefined && place ? withinLabel(v.km, place) : undefined),
};

type SelectFilter = "category" | "duration" | "price" | "country" | "distance";

// What a filter is called (read by screen readers) and what its "no choice" item says.
const FILTER_LABELS: Record<SelectFilter, { label: () => string; any: () => string }> = {
  category: { label: () => m.home_filter_category(), any: () => m.home_filter_any_category() },
  duration: { label: () => m.home_filter_duration(), any: () => m.home_filter_any_duration() },
  price: { label: () => m.home_filter_price(), any: () => m.home_filter_any_price() },
  country: { label: () => m.home_filter_country(), any: () => m.home_filter_any_country() },
  distance: { label: () => m.home_filter_distance(), any: () => m.home_filter_any_distance() },
};

type FilterSelectProps<T extends string> = {
  filter: SelectFilter;
  value: T | undefined;
  options: SelectOption<T>[];
  onChange: (value: T | undefined) => void;
};

/** One filter's select: its current choice shows in it, the label is for screen readers. */
function FilterSelect<T extends string>({ filter, ...select }: FilterSelectProps<T>) {
  const labels = FILTER_LABELS[filter];
  return <LazySelectField {...select} label={labels.label()} labelHidden anyLabel={labels.any()} testId={`filter-${filter}`} />;
}

// The filters' popovers, selects and menus are fetched when first used (docs/decisions/024): each stands
// in as a look-alike trigger until then.
const loadDatePicker = () => import("./date-picker.tsx");
const DatePicker = lazy(() => loadDatePicker().then((module) => ({ default: module.DatePicker })));

/** The date filter: a stand-in for the date picker's trigger until the picker is used. */
function DateFilter(props: DatePickerProps) {
  const { value, onChange, placeholder, clearLabel, "aria-label": label, "data-testid": testId } = props;
  return (
    <LazyOnUse
      load={loadDatePicker}
      trigger={`[data-testid="${testId}"]`}
      standIn={(trigger) => (
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="outline"
            aria-haspopup="dialog"
            aria-expanded={false}
            data-state="closed"
            data-testid={testId}
            className={`w-full min-w-0 shrink justify-start gap-2 font-normal${value ? "" : " text-muted-foreground"}`}
            {...trigger}
          >
            <CalendarDays aria-hidden />
            {label && <span className="sr-only">{label}: </span>}
            <span className="truncate">{value ? formatDate(value) : placeholder}</span>
          </Button>
          {value && clearLabel && (
            <ClearButton label={clearLabel} onClear={() => onChange(undefined)} testId={testId ? `${testId}-clear` : undefined} />
          )}
        </div>
      )}
    >
      <DatePicker {...props} />
    </LazyOnUse>
  );
}

/** How many filters are chosen, as the phone's Filters button counts them (a place and its distance are one). */
export function chosenFilterCount(value: JobFilterValues): number {
  return chosenChips(value).length;
}

type FiltersProps = {
  value: JobFilterValues;
  onChange: (next: JobFilterValues) => void;
  place: PlaceName;
};

// Phones keep the filters in a sheet (a dialog from the bottom), loaded when first wanted.
const loadSheet = () => import("./job-filters-sheet.tsx");
const FiltersSheet = lazy(loadSheet);

/** The filter fields themselves: inline on wider screens, in the sheet on phones. */
function JobFilterFields({ value, onChange, place }: FiltersProps) {
  const set = <K extends keyof JobFilterValues>(key: K, v: JobFilterValues[K]) => onChange({ ...value, [key]: v });
  const categories = CATEGORIES.map((c) => ({ value: c, label: translate(`category_${c}`) }));
  const durations = DURATION_FILTERS.map((f) => ({ value: f.key, label: DURATION_LABELS[f.key]() }));
  const currency = useReaderCurrency();
  const prices = PRICE_FILTERS.map((f) => ({ value: f.key, label: PRICE_LABELS[f.key](currency) }));
  const countries = COUNTRY_CODES.map((c) => ({ value: c, label: countryName(c) }));
  const hasPoint = value.cityId !== undefined || value.lat !== undefined;
  return (
    <>
      <FilterSelect filter="category" value={value.category} options={categories} onChange={(v) => set("category", v)} />
      <FilterSelect filter="duration" value={value.duration} options={durations} onChange={(v) => set("duration", v)} />
      <DateFilter
        value={value.startDate}
        onChange={(v) => set("startDate", v)}
        placeholder={m.home_filter_any_date()}
        clearLabel={m.home_filter_clear_date()}
        aria-label={m.home_filter_date()}
        data-testid="filter-date"
      />
      <FilterSelect filter="price" value={value.price} options={prices} onChange={(v) => set("price", v)} />
      <FilterSelect filter="country" value={value.country} options={countries} onChange={(v) => set("country", v)} />
      <PlaceFilter value={value} onChange={onChange} place={place} />
      {hasPoint && (
        <FilterSelect
          filter="distance"
          value={value.km === undefined ? undefined : (String(value.km) as `${DistanceKm}`)}
          options={distanceOptions()}
          onChange={(v) => set("km", v === undefined ? undefined : (Number(v) as DistanceKm))}
        />
      )}
    </>
  );
}

/**
 * The home filters: a row on wide screens, a "Filters (n)" sheet on phones so the first jobs fit the first
 * screen. Server-side rendering cannot know the screen, so it renders both and CSS shows the one that fits.
 */
export function JobFiltersBar(props: FiltersProps) {
  const wide = useMediaQuery(WIDE_SCREEN);
  if (wide === null) {
    return (
      <>
        <WideFiltersBar {...props} className="max-sm:hidden" />
        <PhoneFiltersBar {...props} className="sm:hidden" />
      </>
    );
  }
  return wide ? <WideFiltersBar {...props} /> : <PhoneFiltersBar {...props} />;
}

/** Clears every filter, when any is chosen. */
function ClearFilters({ value, onChange }: FiltersProps) {
  if (!Object.values(value).some((v) => v !== undefined)) return null;
  return (
    <Button type="button" variant="ghost" onClick={() => onChange({})} data-testid="filters-clear">
      {m.home_filters_clear()}
    </Button>
  );
}

/**
 * How many fields the wide bar shows: the six filters, the distance once a point is chosen, and Clear
 * filters once anything is.
 */
function wideFieldCount(value: JobFilterValues): number {
  const hasPoint = value.cityId !== undefined || value.lat !== undefined;
  const anyChosen = Object.values(value).some((v) => v !== undefined);
  return 6 + (hasPoint ? 1 : 0) + (anyChosen ? 1 : 0);
}

// Rows that never leave one field alone (docs/decisions/049): six fields stand 3 + 3 on a desktop, seven
// 4 + 3, eight 4 + 4, each column wide enough for its "any" label at 1024 px in ru, en and ar; two
// columns below that, where an odd last field takes the whole row.
function WideFiltersBar({ className, ...props }: FiltersProps & { className?: string }) {
  // Of four columns the fourth, the price's, is wider: a chosen bracket is the longest label there is.
  const columns = wideFieldCount(props.value) > 6 ? "lg:grid-cols-[repeat(3,minmax(0,1fr))_minmax(0,1.7fr)]" : "lg:grid-cols-3";
  return (
    <section
      aria-label={m.home_filters_label()}
      className={cn("grid gap-2 sm:grid-cols-2 max-lg:[&>:last-child:nth-child(odd)]:col-span-2", columns, className)}
      data-testid="filters-bar"
    >
      <JobFilterFields {...props} />
      <ClearFilters {...props} />
    </section>
  );
}

function PhoneFiltersBar({ className, ...props }: FiltersProps & { className?: string }) {
  const [sheet, setSheet] = useState<"closed" | "open" | "never">("never");
  const count = chosenFilterCount(props.value);
  return (
    <section aria-label={m.home_filters_label()} className={cn("flex flex-wrap items-center gap-2", className)}>
      <Button
        type="button"
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={sheet === "open"}
        onClick={() => setSheet("open")}
        // Fetched as soon as a finger or pointer comes near, so the sheet opens without waiting.
        onPointerEnter={() => void loadSheet()}
        onTouchStart={() => void loadSheet()}
        data-testid="filters-open"
      >
        <SlidersHorizontal aria-hidden />
        {count > 0 ? m.home_filters_button_count({ count: formatNumber(count) }) : m.home_filters_label()}
      </Button>
      <ClearFilters {...props} />
      {sheet !== "never" && (
        <Suspense>
          <FiltersSheet
            open={sheet === "open"}
            onOpenChange={(open) => setSheet(open ? "open" : "closed")}
            title={m.home_filters_label()}
            doneLabel={m.home_filters_show()}
            closeLabel={m.common_close()}
          >
            <JobFilterFields {...props} />
          </FiltersSheet>
        </Suspense>
      )}
    </section>
  );
}
