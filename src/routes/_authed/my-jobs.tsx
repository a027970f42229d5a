import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { BriefcaseBusiness } from "lucide-react";

import { MyJobCard } from "../../components/jobs/my-job-card.tsx";
import { LoadFailedPage, NoticeCard } from "../../components/layout/notice.tsx";
import { PagedList } from "../../components/layout/paged-list.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { m } from "../../paraglide/messages.js";
import { trpc, type Trpc } from "../../trpc.ts";

const myJobs = (api: Trpc) => api.jobs.mine.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor });

export const Route = createFileRoute("/_authed/my-jobs")({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(myJobs(context.trpc)),
  errorComponent: ({ error }) => <LoadFailedPage text={m.my_jobs_failed()} error={error} />,
  component: MyJobsPage,
});

/** /my-jobs: an employer's posted jobs, or the jobs a worker applied to with their application's status. */
function MyJobsPage() {
  const isEmployer = Route.useRouteContext().me.profile?.userType === "employer";
  const jobs = useSuspenseInfiniteQuery(myJobs(trpc));
  return (
    <main className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl" data-testid="my-jobs-title">
        {isEmployer ? m.my_jobs_title_employer() : m.my_jobs_title_worker()}
      </h1>
      <PagedList
        query={jobs}
        itemKey={(job) => job.id}
        renderItem={(job) => <MyJobCard job={job} showWorkers={isEmployer} />}
        empty={
          <NoticeCard
            icon={<BriefcaseBusiness aria-hidden className="size-6" />}
            title={isEmployer ? m.my_jobs_empty_employer() : m.my_jobs_empty_worker()}
            testId="my-jobs-empty"
          >
            {isEmployer ? (
              <LinkButton to="/post-job" data-testid="my-jobs-post">
                {m.my_jobs_post_button()}
              </LinkButton>
            ) : (
              <LinkButton to="/" data-testid="my-jobs-browse">
                {m.my_jobs_browse_button()}
              </LinkButton>
            )}
          </NoticeCard>
        }
        className="grid gap-4 sm:grid-cols-2"
        testId="my-jobs-list"
        loadMore={{ label: m.jobs_load_more(), testId: "load-more" }}
      />
    </main>
  );
}
