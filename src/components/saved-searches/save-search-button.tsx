import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookmarkCheck, BookmarkPlus } from "lucide-react";

import { isEmptySearch, normalizeSavedFilters, savedFiltersKey } from "../../../domain/saved-search-keys.ts";
import { isRefusal } from "../../lib/errors.ts";
import { useReaderCurrency } from "../../lib/reader-currency.ts";
import { useMe } from "../../lib/session.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { PendingButton } from "../forms/pending-button.tsx";
import type { JobFilterValues } from "../jobs/job-filters-bar.tsx";

/**
 * "Save search" on the home page, for a signed-in person whose search says something (text or a
 * filter): keeps it with alerts on (docs/decisions/023). A search already kept shows as saved.
 */
export function SaveSearchButton({ query, filters }: { query: string; filters: JobFilterValues }) {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useMe().data?.profile);
  // Kept with the reader's currency, which a price range is read in (docs/decisions/022).
  const wanted = normalizeSavedFilters({ ...filters, q: query, currency: useReaderCurrency() });
  const saved = useQuery({ ...trpc.savedSearches.list.queryOptions(), enabled: signedIn });
  const save = useMutation(
    trpc.savedSearches.create.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.savedSearches.list.queryKey() });
        if (result.created) toastSuccess(m.saved_searches_saved_state(), m.saved_searches_saved_toast());
        else toastSuccess(m.saved_searches_already_saved_toast());
      },
      // A refusal says why (the limit, an unknown city); anything else, what failed.
      onError: (error) => toastError(error, isRefusal(error) ? undefined : m.saved_searches_save_failed()),
    }),
  );
  if (!signedIn || isEmptySearch(wanted)) return null;
  const key = savedFiltersKey(wanted);
  const already = saved.data?.some((search) => savedFiltersKey(search.filters) === key) ?? false;
  return (
    <div className="flex justify-end">
      <PendingButton
        type="button"
        variant="outline"
        size="sm"
        pending={save.isPending}
        disabled={already}
        icon={already ? <BookmarkCheck aria-hidden /> : <BookmarkPlus aria-hidden />}
        onClick={() => save.mutate({ filters: wanted })}
        data-testid={already ? "search-saved" : "save-search"}
      >
        {already ? m.saved_searches_saved_state() : m.saved_searches_save()}
      </PendingButton>
    </div>
  );
}
