import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BellRing } from "lucide-react";

import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

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
    <section className="grid gap-3 rounded-lg border bg-card p-4" data-testid="followed-jobs">
      <h2 className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden className="size-5 text-primary" />
        {m.rehiring_followed_jobs_title()}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((job) => (
          <li key={job.id}>
            <Link
              to="/jobs/$jobId"
              params={{ jobId: job.id }}
              className="grid h-full rounded-md border p-3 hover:bg-accent"
              data-testid="followed-job"
            >
              <span className="font-medium break-words" dir="auto">
                {job.title}
              </span>
              <span className="text-sm text-muted-foreground">
                <span dir="auto">{job.employerName}</span>
                {" · "}
                {formatDate(job.startDate)}
                {job.cityName && (
                  <>
                    {" · "}
                    <span dir="auto">{job.cityName}</span>
                  </>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
