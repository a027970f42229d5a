import { X } from "lucide-react";

import { isolate } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button.tsx";
import { filterChoiceLabels, type JobFilterValues } from "./job-filters-bar.tsx";

/**
 * What to change when no job matches: names the search text and offers to take back each chosen filter
 * (or the text) with one click, instead of a general "try adjusting your filters".
 */
export function EmptyResults({
  query,
  filters,
  onFilters,
  onQuery,
}: {
  query: string;
  filters: JobFilterValues;
  onFilters: (next: JobFilterValues) => void;
  onQuery: (text: string) => void;
}) {
  const chosen = filterChoiceLabels(filters);
  const text =
    query && chosen.length
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
          {chosen.map(({ key, label }) => (
            <Button
              key={key}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onFilters({ ...filters, [key]: undefined })}
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
