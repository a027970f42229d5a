import { JobLinkRow } from "./job-link-row";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatDate } from "../../lib/format";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { JobStatusBadge } from "../jobs/job-status-badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";

/** SPEC.md §9: three posted jobs on the profile. */
const SHOWN = 3;

/** An employer's latest posted jobs; nothing at all until they have posted one. */
export function PostedJobsCard() {
  const mine = useQuery(trpc.jobs.mine.queryOptions({}));
  const jobs = mine.data?.role === "employer" ? mine.data.items.slice(0, SHOWN) : [];
  if (jobs.length === 0) return null;

  return (
    <Card data-testid="posted-jobs-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild><h2>{m.profile_posted_jobs_title()}</h2></CardTitle>
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to="/my-jobs" data-testid="posted-jobs-view-all">{m.profile_view_all()}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="-mx-2 grid" data-testid="posted-jobs">
          {jobs.map((job) => (
            <JobLinkRow key={job.id} jobId={job.id} title={job.title} testId="posted-job">
              <span className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
                <JobStatusBadge status={job.status} />
                <span className="truncate">
                  <bdi>{job.location}</bdi> · {formatDate(job.startDate)}
                </span>
              </span>
            </JobLinkRow>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
