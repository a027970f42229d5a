import { CATEGORIES, type Category } from "../../../domain/categories.ts";
import { DURATION_FILTERS, PRICE_FILTERS, type DurationFilterKey, type PriceFilterKey } from "../../../domain/job-filters.ts";
import { formatDate } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { m } from "../../paraglide/messages.js";
import { SelectField, type SelectOption } from "../forms/select-field.tsx";
import { Button } from "../ui/button.tsx";
import { DatePicker } from "./date-picker.tsx";

export type JobFilterValues = {
  category?: Category;
  duration?: DurationFilterKey;
  date?: string;
  price?: PriceFilterKey;
};

const DURATION_LABELS: Record<DurationFilterKey, () => string> = {
  "1": () => m.home_duration_1(),
  "2-3": () => m.home_duration_2_3(),
  "4-7": () => m.home_duration_4_7(),
};
const PRICE_LABELS: Record<PriceFilterKey, () => string> = {
  "under-15": () => m.home_price_under_15(),
  "15-25": () => m.home_price_15_25(),
  "25-plus": () => m.home_price_25_plus(),
  negotiable: () => m.home_price_negotiable(),
};

/** What each chosen filter reads as, in a sentence or on a button ("2–3 days", "Delivery"). */
export function filterChoiceLabels(value: JobFilterValues): { key: keyof JobFilterValues; label: string }[] {
  const labels: { key: keyof JobFilterValues; label: string }[] = [];
  if (value.category) labels.push({ key: "category", label: translate(`category_${value.category}`) });
  if (value.duration) labels.push({ key: "duration", label: DURATION_LABELS[value.duration]() });
  if (value.date) labels.push({ key: "date", label: formatDate(value.date) });
  if (value.price) labels.push({ key: "price", label: PRICE_LABELS[value.price]() });
  return labels;
}

type SelectFilter = "category" | "duration" | "price";

// What a filter is called (read by screen readers) and what its "no choice" item says.
const FILTER_LABELS: Record<SelectFilter, { label: () => string; any: () => string }> = {
  category: { label: () => m.home_filter_category(), any: () => m.home_filter_any_category() },
  duration: { label: () => m.home_filter_duration(), any: () => m.home_filter_any_duration() },
  price: { label: () => m.home_filter_price(), any: () => m.home_filter_any_price() },
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
  return <SelectField {...select} label={labels.label()} labelHidden anyLabel={labels.any()} testId={`filter-${filter}`} />;
}

/** The four home filters: category, duration bucket, exact start day and price bucket. */
export function JobFiltersBar({ value, onChange }: { value: JobFilterValues; onChange: (next: JobFilterValues) => void }) {
  const set = <K extends keyof JobFilterValues>(key: K, v: JobFilterValues[K]) => onChange({ ...value, [key]: v });
  const active = Object.values(value).some((v) => v !== undefined);
  const categories = CATEGORIES.map((c) => ({ value: c, label: translate(`category_${c}`) }));
  const durations = DURATION_FILTERS.map((f) => ({ value: f.key, label: DURATION_LABELS[f.key]() }));
  const prices = PRICE_FILTERS.map((f) => ({ value: f.key, label: PRICE_LABELS[f.key]() }));
  return (
    <section
      aria-label={m.home_filters_label()}
      className="grid gap-2 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
    >
      <FilterSelect filter="category" value={value.category} options={categories} onChange={(v) => set("category", v)} />
      <FilterSelect filter="duration" value={value.duration} options={durations} onChange={(v) => set("duration", v)} />
      <DatePicker
        value={value.date}
        onChange={(v) => set("date", v)}
        placeholder={m.home_filter_any_date()}
        clearLabel={m.home_filter_clear_date()}
        aria-label={m.home_filter_date()}
        data-testid="filter-date"
      />
      <FilterSelect filter="price" value={value.price} options={prices} onChange={(v) => set("price", v)} />
      {active && (
        <Button type="button" variant="ghost" onClick={() => onChange({})} data-testid="filters-clear">
          {m.home_filters_clear()}
        </Button>
      )}
    </section>
  );
}
