import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Search, Trash2 } from "lucide-react";

import { homeFilterSearch } from "../../../domain/home-filters.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { SAVED_SEARCH_ALERTS, type SavedSearchAlerts } from "../../../domain/saved-searches.ts";
import { formatNumber } from "../../lib/format.ts";
import { useReaderCurrency } from "../../lib/reader-currency.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { SelectField } from "../forms/select-field.tsx";
import { NoticeCard } from "../layout/notice.tsx";
import { IconButton } from "../ui/button.tsx";
import { Card, CardContent } from "../ui/card.tsx";
import { savedSearchSummary } from "./saved-search-filters.ts";

type SavedSearch = RouterOutputs["savedSearches"]["list"][number];

const ALERT_LABELS: Record<SavedSearchAlerts, () => string> = {
  instant: () => m.saved_searches_alerts_instant(),
  daily: () => m.saved_searches_alerts_daily(),
  off: () => m.saved_searches_alerts_off(),
};

/** /settings/saved-searches: each saved search in words, a link to its jobs, its alerts and delete. */
export function SavedSearchesList() {
  const { data: searches } = useSuspenseQuery(trpc.savedSearches.list.queryOptions());
  if (searches.length === 0) {
    return (
      <NoticeCard
        icon={<Search aria-hidden className="size-6" />}
        title={m.saved_searches_empty()}
        testId="saved-searches-empty"
      />
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground" data-testid="saved-searches-usage">
        {m.saved_searches_usage({ count: formatNumber(searches.length), max: formatNumber(LIMITS.savedSearches) })}
      </p>
      <ul className="grid gap-3" data-testid="saved-searches">
        {searches.map((search) => (
          <SavedSearchRow key={search.id} search={search} />
        ))}
      </ul>
    </div>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.savedSearches.list.queryKey() });
  const update = useMutation(
    trpc.savedSearches.update.mutationOptions({
      onSettled: refresh,
      onError: (error) => toastError(error, m.saved_searches_update_failed()),
    }),
  );
  const remove = useMutation(
    trpc.savedSearches.remove.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toastSuccess(m.saved_searches_deleted());
      },
      onError: (error) => toastError(error, m.saved_searches_delete_failed()),
    }),
  );
  const summary = savedSearchSummary(search.filters, search.cityName, useReaderCurrency());
  const alerts = update.isPending ? update.variables.alerts : search.alerts;
  return (
    <li data-testid="saved-search">
      <Card className="py-4">
        <CardContent className="grid gap-3 px-4">
          <div className="flex items-start gap-3">
            <p dir="auto" className="min-w-0 flex-1 font-medium break-words" data-testid="saved-search-summary">
              {summary}
            </p>
            <IconButton
              type="button"
              label={m.saved_searches_delete()}
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: search.id })}
              data-testid="saved-search-delete"
            >
              <Trash2 aria-hidden />
            </IconButton>
          </div>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="w-full sm:w-56">
              <SelectField
                label={m.saved_searches_alerts_label()}
                value={alerts}
                options={SAVED_SEARCH_ALERTS.map((value) => ({ value, label: ALERT_LABELS[value]() }))}
                onChange={(next) => next && next !== search.alerts && update.mutate({ id: search.id, alerts: next })}
                disabled={update.isPending}
                testId="saved-search-alerts"
              />
            </div>
            <Link
              to="/"
              search={homeFilterSearch(search.filters)}
              className="inline-flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-primary hover:bg-accent"
              data-testid="saved-search-open"
            >
              <Search aria-hidden className="size-4" />
              {m.saved_searches_show_jobs()}
            </Link>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
