import { useQuery } from "@tanstack/react-query";
import { BellRing } from "lucide-react";

import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { JobLinkList } from "./job-link-list.tsx";

/**
 * "New from employers you follow" above the home list, for a signed-in worker (docs/decisions/036):
 * the few newest open jobs of the employers they follow, posted lately. Loaded on its own (a lazy chunk),
 * only for workers; nothing when there are none.
 */
export default function FollowedJobs() {
  const jobs = useQuery(trpc.rehiring.followedJobs.queryOptions());
  const items = jobs.data ?? [];
  if (items.length === 0) return null;
  return (
    <JobLinkList
      heading={m.rehiring_followed_jobs_title()}
      icon={<BellRing aria-hidden className="size-5 text-primary" />}
      jobs={items.map((job) => ({ ...job, key: job.id, jobId: job.id }))}
      testId="followed-jobs"
      itemTestId="followed-job"
      listClassName="sm:grid-cols-2"
    />
  );
}
