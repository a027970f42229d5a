import { useQuery } from "@tanstack/react-query";

import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { placeLine } from "../jobs/job-place.ts";
import { JobStatusBadge } from "../jobs/status-badges.tsx";
import { Card, CardContent, CardHeader, CardHeading } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { JobLinkRow } from "./job-link-row.tsx";

/** The own profile shows the 3 latest posted jobs (docs/product.md, Profiles and people). */
const SHOWN = 3;

/** The person's latest posted jobs, whatever their account type; nothing at all until they have posted one. */
export function PostedJobsCard() {
  const mine = useQuery(trpc.jobs.mine.queryOptions({ view: "posted" }));
  const jobs = mine.data?.items.slice(0, SHOWN) ?? [];
  if (jobs.length === 0) return null;

  return (
    <Card data-testid="posted-jobs-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardHeading>{m.profile_posted_jobs_title()}</CardHeading>
        <LinkButton
          to="/my-jobs"
          search={{ view: "posted" }}
          data-testid="posted-jobs-view-all"
          variant="link"
          size="sm"
          className="px-0"
        >
          {m.profile_view_all()}
        </LinkButton>
      </CardHeader>
      <CardContent>
        <ul className="-mx-2 grid" data-testid="posted-jobs">
          {jobs.map((job) => (
            <JobLinkRow key={job.id} jobId={job.id} title={job.title} testId="posted-job">
              <span className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
                <JobStatusBadge status={job.status} startsAt={job.startsAt} />
                <span className="truncate">
                  <bdi>{placeLine(job)}</bdi> · {formatDate(job.startDate)}
                </span>
              </span>
            </JobLinkRow>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
