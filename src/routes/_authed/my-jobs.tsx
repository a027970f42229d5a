import { useInfiniteQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { MyJobCard } from "../../components/jobs/my-job-card";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { toastError } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/my-jobs")({ component: MyJobsPage });

function MyJobsPage() {
  const { me } = Route.useRouteContext();
  const isEmployer = me.profile?.userType === "employer";
  const jobs = useInfiniteQuery(trpc.jobs.mine.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor }));
  useEffect(() => {
    if (jobs.isError) toastError(jobs.error, m.my_jobs_failed());
  }, [jobs.isError, jobs.error]);
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <main className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl" data-testid="my-jobs-title">
        {isEmployer ? m.my_jobs_title_employer() : m.my_jobs_title_worker()}
      </h1>
      {jobs.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
          <p className="sr-only" role="status">{m.common_loading()}</p>
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : jobs.isError ? (
        <p className="text-destructive">{m.my_jobs_failed()}</p>
      ) : items.length === 0 ? (
        <Card data-testid="my-jobs-empty">
          <CardContent className="flex flex-col items-center gap-4 py-6 text-center">
            <p className="text-muted-foreground">{isEmployer ? m.my_jobs_empty_employer() : m.my_jobs_empty_worker()}</p>
            <Button asChild>
              {isEmployer ? (
                <Link to="/post-job" data-testid="my-jobs-post">{m.my_jobs_post_button()}</Link>
              ) : (
                <Link to="/" data-testid="my-jobs-browse">{m.my_jobs_browse_button()}</Link>
              )}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="my-jobs-list">
            {items.map((job) => (
              <li key={job.id}>
                <MyJobCard job={job} showWorkers={isEmployer} />
              </li>
            ))}
          </ul>
          {jobs.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void jobs.fetchNextPage()} disabled={jobs.isFetchingNextPage} data-testid="load-more">
                {jobs.isFetchingNextPage && <Spinner />}
                {jobs.isFetchingNextPage ? m.common_loading() : m.jobs_load_more()}
              </Button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
