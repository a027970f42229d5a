import { X } from "lucide-react";

import { withoutChip } from "../../../domain/home-filters.ts";
import { DISTANCES_KM } from "../../../domain/job-filter-choices.ts";
import { formatNumber } from "../../lib/format.ts";
import { isolate } from "../../lib/locale.ts";
import { useReaderCurrency } from "../../lib/reader-currency.ts";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button.tsx";
import { filterChoiceLabels, type JobFilterValues, type PlaceName } from "./job-filters-bar.tsx";
import { withinLabel } from "./place-filter.tsx";

/**
 * What to change when no job matches: names the search text and the place ("within 10 km of Kazan"),
 * offers a wider distance, and takes back each chosen filter (or the text) with one click, instead of
 * a general "try adjusting your filters".
 */
export function EmptyResults({
  query,
  filters,
  onFilters,
  onQuery,
  place,
}: {
  query: string;
  place: PlaceName;
  filters: JobFilterValues;
  onFilters: (next: JobFilterValues) => void;
  onQuery: (text: string) => void;
}) {
  const chosen = filterChoiceLabels(filters, place, useReaderCurrency());
  const where = filters.km !== undefined && place ? withinLabel(filters.km, place) : null;
  const wider = filters.km !== undefined ? DISTANCES_KM.find((km) => km > (filters.km ?? 0)) : undefined;
  const text = where
    ? query
      ? m.home_empty_query_near({ query: isolate(query), where })
      : m.home_empty_near({ where })
    : query && chosen.length
      ? m.home_empty_query_filters({ query: isolate(query) })
      : chosen.length
        ? m.home_empty_filters()
        : query
          ? m.home_empty_query({ query: isolate(query) })
          : m.home_empty_nothing();
  return (
    <div className="space-y-3 rounded-xl border bg-card p-4" data-testid="jobs-empty">
      <p dir="auto">{text}</p>
      {(chosen.length > 0 || query) && (
        <div className="flex flex-wrap gap-2">
          {wider !== undefined && (
            <Button type="button" size="sm" onClick={() => onFilters({ ...filters, km: wider })} data-testid="jobs-empty-widen">
              {m.home_empty_widen({ km: formatNumber(wider) })}
            </Button>
          )}
          {chosen.map(({ key, label }) => (
            <Button
              key={key}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onFilters(withoutChip(filters, key))}
              data-testid={`jobs-empty-remove-${key}`}
            >
              <X aria-hidden />
              {m.home_empty_remove_filter({ filter: label })}
            </Button>
          ))}
          {query && (
            <Button type="button" variant="outline" size="sm" onClick={() => onQuery("")} data-testid="jobs-empty-clear-query">
              <X aria-hidden />
              {m.home_empty_clear_query()}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
