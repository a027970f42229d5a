import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect } from "react";

import type { ProfileCurrency } from "../../domain/currencies.ts";
import { homeFilters, readHomeFilterSearch, withoutChips, type UrlHomeFilters } from "../../domain/home-filters.ts";
import { readerCurrency } from "../../domain/money.ts";
import { RatesAsOf } from "../components/jobs/converted-rate.tsx";
import { EmptyResults } from "../components/jobs/empty-results.tsx";
import { JobFiltersBar, type JobFilterValues } from "../components/jobs/job-filters-bar.tsx";
import { JobResults } from "../components/jobs/job-results.tsx";
import { JobSearchBox } from "../components/jobs/job-search-box.tsx";
import { PeopleResults } from "../components/jobs/people-results.tsx";
import { FollowedJobsSlot } from "../components/rehiring/followed-jobs-slot.tsx";
import { SaveSearchButton } from "../components/saved-searches/save-search-button.tsx";
import { Button } from "../components/ui/button.tsx";
import { cn } from "../lib/cn.ts";
import { formatNumber } from "../lib/format.ts";
import { currentLanguage } from "../lib/locale.ts";
import { usePageTitle } from "../lib/page-title.ts";
import { useReaderCurrency } from "../lib/reader-currency.ts";
import { oneOf } from "../lib/search-params.ts";
import { toastError } from "../lib/toast.ts";
import { m } from "../paraglide/messages.js";
import { trpc, type Trpc } from "../trpc.ts";

const RESULT_TYPES = ["all", "jobs", "people"] as const;

type ResultType = (typeof RESULT_TYPES)[number];

// Search text and filters live in the URL so results can be shared and the back button restores them;
// a value that does not parse is dropped instead of breaking the page. Filters: domain/home-filters.ts.
const homeSearch = (search: Record<string, unknown>): UrlHomeFilters & { show?: ResultType } => ({
  ...readHomeFilterSearch(search),
  show: oneOf(RESULT_TYPES)(search.show),
});

type HomeSearch = ReturnType<typeof homeSearch>;

// The same queries for the loader and the page; the page keeps the previous results on screen while
// new ones load, so it reads them with useQuery rather than suspending.
// `currency` is the reader's (docs/decisions/022); it is sent only with a price range, the one thing it
// changes, so the list without one is the same query for every reader.
const jobSearch = (api: Trpc, search: HomeSearch, currency: ProfileCurrency) =>
  api.jobs.search.infiniteQueryOptions(homeFilters({ ...search, currency }), { getNextPageParam: (page) => page.nextCursor });
const peopleSearch = (api: Trpc, search: HomeSearch) => api.people.search.queryOptions({ q: search.q ?? "" });

export const Route = createFileRoute("/")({
  validateSearch: homeSearch,
  loaderDeps: ({ search }) => search,
  // Starts the searches as the route resolves (or a link to it is hovered); the page shows their progress.
  loader: ({ context, deps }) => {
    // The profile as far as it has loaded (the root loader asks for it); a visitor's currency follows the language.
    const me = context.queryClient.getQueryData(context.trpc.profiles.me.queryKey());
    const currency = readerCurrency(me?.profile?.currency, currentLanguage());
    if (deps.show !== "people") void context.queryClient.prefetchInfiniteQuery(jobSearch(context.trpc, deps, currency));
    if (deps.q && deps.show !== "jobs") void context.queryClient.prefetchQuery(peopleSearch(context.trpc, deps));
  },
  // On the server only (docs/decisions/038, 052): a shared link's preview, and server-side rendering for
  // every reader, since the list is what a phone paints first.
  ...(import.meta.env.SSR
    ? { head: async () => (await import("../lib/share-meta.ts")).homeHead(), staticData: { serverRendered: "everyone" } }
    : {}),
  component: HomePage,
});

const RESULT_LABELS: Record<ResultType, () => string> = {
  all: () => m.home_results_all(),
  jobs: () => m.home_results_jobs(),
  people: () => m.home_results_people(),
};

function HomePage() {
  usePageTitle(m.home_title());
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const q = search.q ?? "";
  const show: ResultType = search.show ?? "all";
  const { q: _q, show: _show, ...filters } = search;
  const chosenCity = useQuery({
    ...trpc.places.city.queryOptions({ cityId: search.cityId ?? 0 }),
    enabled: search.cityId !== undefined,
  });
  const place =
    search.cityId !== undefined
      ? chosenCity.data?.name
      : search.lat !== undefined
        ? m.home_filter_my_location_chosen()
        : undefined;

  const currency = useReaderCurrency();
  const jobs = useInfiniteQuery({
    ...jobSearch(trpc, search, currency),
    placeholderData: keepPreviousData,
    enabled: show !== "people",
  });
  const people = useQuery({
    ...peopleSearch(trpc, search),
    enabled: q !== "" && show !== "jobs",
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (jobs.isError) toastError(jobs.error, m.home_failed());
  }, [jobs.isError, jobs.error]);

  const commitText = useCallback(
    (text: string) => void navigate({ search: (prev) => ({ ...prev, q: text || undefined }) }),
    [navigate],
  );
  // Every filter is written, so clearing the filters (an empty object) really removes them from the URL.
  const setFilters = (next: JobFilterValues) => void navigate({ search: (prev) => ({ ...withoutChips(prev), ...next }) });
  const setShow = (next: ResultType) =>
    void navigate({ search: (prev) => ({ ...prev, show: next === "all" ? undefined : next }) });

  const peopleList = q !== "" && show !== "jobs" ? (people.data ?? []) : [];
  const showToggle = q !== "" || peopleList.length > 0;
  const total = jobs.data?.pages[0]?.total ?? 0;
  // Above the count's cap the server only says "more than": the label shows "1,000+".
  const capped = jobs.data?.pages[0]?.capped ?? false;
  // A text that found nothing as written was read with its spelling corrected: say so, and mark those words.
  const corrected = jobs.data?.pages[0]?.corrected ?? null;
  // The day of the rates is said whenever they are at work: a price range, or a "≈" on some card.
  const converting =
    (search.price !== undefined && search.price !== "negotiable") ||
    (jobs.data?.pages.some((page) => page.items.some((job) => job.hourlyRate !== null && job.currency !== currency)) ?? false);

  return (
    <main id="main" className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <section className="space-y-4 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{m.home_title()}</h1>
        <p className="text-muted-foreground">{m.home_subtitle()}</p>
        <JobSearchBox value={q} onCommit={commitText} />
      </section>

      <FollowedJobsSlot />

      {showToggle && (
        <div role="group" aria-label={m.home_results_label()} className="flex flex-wrap justify-center gap-2">
          {RESULT_TYPES.map((type) => (
            <Button
              key={type}
              type="button"
              size="sm"
              variant={show === type ? "default" : "outline"}
              aria-pressed={show === type}
              onClick={() => setShow(type)}
              data-testid={`results-${type}`}
            >
              {RESULT_LABELS[type]()}
            </Button>
          ))}
        </div>
      )}

      {show !== "people" && (
        <section aria-labelledby="jobs-heading" className="space-y-4">
          <h2 id="jobs-heading" className="sr-only">
            {m.home_jobs_heading()}
          </h2>
          <JobFiltersBar value={filters} onChange={setFilters} place={place} />
          <SaveSearchButton query={q} filters={filters} />
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="job-count">
            {jobs.isPending
              ? m.home_loading()
              : jobs.isError
                ? m.home_failed()
                : total === 0
                  ? null
                  : capped
                    ? m.home_job_count_capped({ count: formatNumber(total) })
                    : m.home_job_count({ count: total })}
          </p>
          {corrected && (
            <p className="-mt-3 text-sm" data-testid="search-corrected">
              {m.home_search_corrected({ typed: q, corrected })}
            </p>
          )}
          {converting && <RatesAsOf className="-mt-3" />}
          {jobs.isSuccess && total === 0 && (
            <EmptyResults query={q} filters={filters} place={place} onFilters={setFilters} onQuery={commitText} />
          )}
          <JobResults
            jobs={jobs}
            query={corrected ?? q}
            className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-3", jobs.isPlaceholderData && "opacity-60")}
          />
        </section>
      )}

      {q !== "" && show !== "jobs" && people.data && <PeopleResults people={peopleList} />}
    </main>
  );
}
