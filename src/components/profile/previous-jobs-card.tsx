import { JobLinkRow } from "./job-link-row";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatDate } from "../../lib/format";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Skeleton } from "../ui/skeleton";

/** SPEC.md §9: up to 5 previous jobs are shown (the server sends 10). */
const SHOWN = 5;

/**
 * A worker's completed jobs, each linking to its page. On the own profile the header links to
 * /my-jobs (`showAllLink`).
 */
export function PreviousJobsCard({ userId, showAllLink = false }: { userId: string; showAllLink?: boolean }) {
  const history = useQuery(trpc.workHistory.forUser.queryOptions({ userId }));
  const jobs = history.data?.previousJobs.slice(0, SHOWN) ?? [];

  return (
    <Card data-testid="previous-jobs-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild><h2>{m.profile_previous_jobs_title()}</h2></CardTitle>
        {showAllLink && (
          <Button asChild variant="link" size="sm" className="px-0">
            <Link to="/my-jobs" data-testid="previous-jobs-view-all">{m.profile_view_all()}</Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Skeleton className="h-14" />
        ) : jobs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.profile_previous_jobs_empty()}</p>
        ) : (
          <ul className="-mx-2 grid" data-testid="previous-jobs">
            {jobs.map((job) => (
              <JobLinkRow key={job.id} jobId={job.id} title={job.title} testId="previous-job">
                <span className="truncate text-sm text-muted-foreground">
                  <bdi>{job.companyName || job.employerName}</bdi> · {formatDate(job.startDate)}
                </span>
              </JobLinkRow>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
