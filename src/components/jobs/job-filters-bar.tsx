import { CATEGORIES, type Category } from "../../../domain/categories";
import {
  DURATION_FILTERS,
  type DurationFilterKey,
  PRICE_FILTERS,
  type PriceFilterKey,
} from "../../../domain/job-filters";
import { translate } from "../../lib/messages";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select";
import { DatePicker } from "./date-picker";

export type JobFilterValues = {
  category?: Category;
  duration?: DurationFilterKey;
  date?: string;
  price?: PriceFilterKey;
};

// Radix Select cannot hold an empty value, so "any" has its own item value.
const ANY = "any";

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

function FilterSelect<T extends string>({
  label,
  anyLabel,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  anyLabel: string;
  value: T | undefined;
  options: { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
  testId: string;
}) {
  return (
    <Select value={value ?? ANY} onValueChange={(v) => onChange(v === ANY ? undefined : (v as T))}>
      <SelectTrigger aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ANY}>{anyLabel}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} data-testid={`${testId}-${o.value}`}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The four home filters: category, duration bucket, exact start day and price bucket. */
export function JobFiltersBar({ value, onChange }: { value: JobFilterValues; onChange: (next: JobFilterValues) => void }) {
  const set = <K extends keyof JobFilterValues>(key: K, v: JobFilterValues[K]) => onChange({ ...value, [key]: v });
  const active = Object.values(value).some((v) => v !== undefined);
  return (
    <section aria-label={m.home_filters_label()} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
      <FilterSelect
        label={m.home_filter_category()}
        anyLabel={m.home_filter_any_category()}
        value={value.category}
        options={CATEGORIES.map((c) => ({ value: c, label: translate(`category_${c}`) }))}
        onChange={(v) => set("category", v)}
        testId="filter-category"
      />
      <FilterSelect
        label={m.home_filter_duration()}
        anyLabel={m.home_filter_any_duration()}
        value={value.duration}
        options={DURATION_FILTERS.map((f) => ({ value: f.key, label: DURATION_LABELS[f.key]() }))}
        onChange={(v) => set("duration", v)}
        testId="filter-duration"
      />
      <DatePicker
        value={value.date}
        onChange={(v) => set("date", v)}
        placeholder={m.home_filter_any_date()}
        clearLabel={m.home_filter_clear_date()}
        aria-label={m.home_filter_date()}
        data-testid="filter-date"
      />
      <FilterSelect
        label={m.home_filter_price()}
        anyLabel={m.home_filter_any_price()}
        value={value.price}
        options={PRICE_FILTERS.map((f) => ({ value: f.key, label: PRICE_LABELS[f.key]() }))}
        onChange={(v) => set("price", v)}
        testId="filter-price"
      />
      {active && (
        <Button type="button" variant="ghost" onClick={() => onChange({})} data-testid="filters-clear">
          {m.home_filters_clear()}
        </Button>
      )}
    </section>
  );
}
