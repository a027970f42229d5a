import { useSuspenseInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { BriefcaseBusiness, SquarePlus } from "lucide-react";

import { MY_JOBS_TABS, MY_JOBS_VIEWS, type MyJobsTab, type MyJobsView } from "../../../domain/my-jobs-choices.ts";
import type { UserType } from "../../../domain/user-types.ts";
import { MyJobCard } from "../../components/jobs/my-job-card.tsx";
import { LoadFailedPage, NoticeCard } from "../../components/layout/notice.tsx";
import { PagedList } from "../../components/layout/paged-list.tsx";
import { MyJobsRehiring } from "../../components/rehiring/my-jobs-rehiring.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { cn } from "../../lib/cn.ts";
import { formatNumber } from "../../lib/format.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { oneOf, searchParams } from "../../lib/search-params.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs, type Trpc } from "../../trpc.ts";

// The view and the tab live in the URL: a tab can be linked to, and Back returns to it.
const myJobsSearch = searchParams({ view: oneOf(MY_JOBS_VIEWS), tab: oneOf(MY_JOBS_TABS) });

const myJobs = (api: Trpc, view: MyJobsView, tab: MyJobsTab) =>
  api.jobs.mine.infiniteQueryOptions({ view, tab }, { getNextPageParam: (page) => page.nextCursor });

type Summary = RouterOutputs["jobs"]["mineSummary"];
const total = (counts: Record<MyJobsTab, number>) => counts.upcoming + counts.in_progress + counts.past;

/**
 * What /my-jobs shows when the URL does not say: the account type's view unless only the other has
 * jobs (as jobs.mine decides), and its first tab that has any.
 */
function shown(search: { view?: MyJobsView; tab?: MyJobsTab }, summary: Summary, userType: UserType | undefined) {
  const preferred: MyJobsView = userType === "employer" ? "posted" : "applied";
  const other: MyJobsView = preferred === "posted" ? "applied" : "posted";
  const view = search.view ?? (total(summary[preferred]) === 0 && total(summary[other]) > 0 ? other : preferred);
  const tab = search.tab ?? MY_JOBS_TABS.find((t) => summary[view][t] > 0) ?? "upcoming";
  return { view, tab };
}

export const Route = createFileRoute("/_authed/my-jobs")({
  validateSearch: myJobsSearch,
  loaderDeps: ({ search }) => search,
  // The counts first (they pick the view and tab when the URL names none), then that tab's first page.
  loader: async ({ context, deps }) => {
    const summary = await context.queryClient.ensureQueryData(context.trpc.jobs.mineSummary.queryOptions());
    const { view, tab } = shown(deps, summary, context.me.profile?.userType);
    await context.queryClient.ensureInfiniteQueryData(myJobs(context.trpc, view, tab));
  },
  errorComponent: ({ error }) => <LoadFailedPage text={m.my_jobs_failed()} error={error} />,
  component: MyJobsPage,
});

const TAB_LABELS: Record<MyJobsTab, () => string> = {
  upcoming: () => m.my_jobs_tab_upcoming(),
  in_progress: () => m.my_jobs_tab_in_progress(),
  past: () => m.my_jobs_tab_past(),
};

const TAB_EMPTY: Record<MyJobsTab, () => string> = {
  upcoming: () => m.my_jobs_empty_upcoming(),
  in_progress: () => m.my_jobs_empty_in_progress(),
  past: () => m.my_jobs_empty_past(),
};

const VIEW_LABELS: Record<MyJobsView, () => string> = {
  posted: () => m.my_jobs_view_posted(),
  applied: () => m.my_jobs_view_applied(),
};

/** A row of links that look like tabs; the current one says so (aria-current), with its count. */
function LinkTabs<K extends string>({
  label,
  items,
  current,
  testId,
}: {
  label: string;
  items: { key: K; label: string; count: number; search: { view?: MyJobsView; tab?: MyJobsTab } }[];
  current: K;
  testId: string;
}) {
  return (
    <nav aria-label={label} data-testid={testId}>
      {/*
        On a phone the tabs share the row equally, each name over its count and free to take two lines, so
        no name is cut or pushed out of sight ("Прошедшие" at 375 px); from `sm` each is as wide as its name.
      */}
      <ul className="flex w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground sm:w-fit">
        {items.map((item) => (
          <li key={item.key} className="min-w-0 flex-1 basis-0 sm:flex-none sm:basis-auto">
            <Link
              to="/my-jobs"
              search={item.search}
              aria-current={item.key === current ? "page" : undefined}
              data-testid={`${testId}-${item.key}`}
              className={cn(
                "flex h-full min-h-10 flex-col items-center justify-center gap-0.5 rounded-md px-1 py-1 text-center text-xs leading-tight font-medium outline-hidden hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:h-9 sm:min-h-0 sm:flex-row sm:gap-1.5 sm:px-3 sm:py-0 sm:text-sm sm:whitespace-nowrap pointer-coarse:sm:h-10",
                item.key === current && "bg-card text-foreground shadow-sm",
              )}
            >
              <span>{item.label}</span>
              <span
                className="rounded-full bg-background/70 px-1.5 text-xs tabular-nums"
                data-testid={`${testId}-${item.key}-count`}
              >
                {formatNumber(item.count)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /my-jobs: the jobs a person posted (with how many applied, and how many of those are new) and the
 * jobs they applied to (with their application's status), whatever their account type; each by state
 * in three tabs, with a button to post another. Employers land here after signing in.
 */
function MyJobsPage() {
  const search = Route.useSearch();
  const { me } = Route.useRouteContext();
  const { data: summary } = useSuspenseQuery(trpc.jobs.mineSummary.queryOptions());
  const { view, tab } = shown(search, summary, me.profile?.userType);
  const jobs = useSuspenseInfiniteQuery(myJobs(trpc, view, tab));
  const isPosted = view === "posted";
  const title = isPosted ? m.my_jobs_title_employer() : m.my_jobs_title_worker();
  usePageTitle(title);
  const counts = summary[view];
  const bothViews = total(summary.posted) > 0 && total(summary.applied) > 0;
  const nothingAtAll = total(counts) === 0;

  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6 sm:space-y-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl" data-testid="my-jobs-title">
          {title}
        </h1>
        {/* Posting is one click away however many jobs there are; an empty list has its own, larger one. */}
        {!(isPosted && nothingAtAll) && (
          <LinkButton to="/post-job" variant={isPosted ? "default" : "outline"} data-testid="my-jobs-post-new">
            <SquarePlus aria-hidden />
            {m.nav_post_job()}
          </LinkButton>
        )}
      </div>
      <MyJobsRehiring posted={isPosted} />
      {bothViews && (
        <LinkTabs
          label={m.my_jobs_views_label()}
          testId="my-jobs-view"
          current={view}
          items={MY_JOBS_VIEWS.map((key) => ({
            key,
            label: VIEW_LABELS[key](),
            count: total(summary[key]),
            search: { view: key },
          }))}
        />
      )}
      {!nothingAtAll && (
        <LinkTabs
          label={m.my_jobs_tabs_label()}
          testId="my-jobs-tab"
          current={tab}
          items={MY_JOBS_TABS.map((key) => ({
            key,
            label: TAB_LABELS[key](),
            count: counts[key],
            search: { view: search.view, tab: key },
          }))}
        />
      )}
      <PagedList
        query={jobs}
        itemKey={(job) => job.id}
        renderItem={(job) => <MyJobCard job={job} />}
        empty={
          nothingAtAll ? (
            <NoticeCard
              icon={<BriefcaseBusiness aria-hidden className="size-6" />}
              title={isPosted ? m.my_jobs_empty_employer() : m.my_jobs_empty_worker()}
              testId="my-jobs-empty"
            >
              {isPosted ? (
                <LinkButton to="/post-job" data-testid="my-jobs-post">
                  {m.my_jobs_post_button()}
                </LinkButton>
              ) : (
                <LinkButton to="/" data-testid="my-jobs-browse">
                  {m.my_jobs_browse_button()}
                </LinkButton>
              )}
            </NoticeCard>
          ) : (
            <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground" data-testid="my-jobs-tab-empty">
              {TAB_EMPTY[tab]()}
            </p>
          )
        }
        className="grid gap-4 sm:grid-cols-2"
        testId="my-jobs-list"
        loadMore={{ label: m.jobs_load_more(), testId: "load-more" }}
      />
    </main>
  );
}
