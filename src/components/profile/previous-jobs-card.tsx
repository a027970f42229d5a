import { useQuery } from "@tanstack/react-query";

import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Card, CardContent, CardHeader, CardHeading } from "../ui/card.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { JobLinkRow } from "./job-link-row.tsx";
import { personName } from "./person-name.ts";

/** Up to 5 previous jobs are shown, of the 10 the server sends (docs/product.md, Profiles and people). */
const SHOWN = 5;

/**
 * A worker's completed jobs, each linking to its page (but those of an employer who hid their profile). On the own profile the header links to
 * /my-jobs (`showAllLink`).
 */
export function PreviousJobsCard({ userId, showAllLink = false }: { userId: string; showAllLink?: boolean }) {
  const history = useQuery(trpc.workHistory.forUser.queryOptions({ userId }));
  const jobs = history.data?.previousJobs.slice(0, SHOWN) ?? [];

  return (
    <Card data-testid="previous-jobs-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardHeading>{m.profile_previous_jobs_title()}</CardHeading>
        {showAllLink && (
          <LinkButton to="/my-jobs" data-testid="previous-jobs-view-all" variant="link" size="sm" className="px-0">
            {m.profile_view_all()}
          </LinkButton>
        )}
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Skeleton className="h-14" />
        ) : jobs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.profile_previous_jobs_empty()}</p>
        ) : (
          <ul className="-mx-2 grid" data-testid="previous-jobs">
            {jobs.map((job, i) => (
              <JobLinkRow key={job.id ?? `hidden-${i}`} jobId={job.id} title={job.title} testId="previous-job">
                <span className="truncate text-sm text-muted-foreground">
                  {/* An employer who hid their profile is not named (docs/decisions/059). */}
                  {job.employerName === null ? (
                    formatDate(job.startDate)
                  ) : (
                    <>
                      <bdi>{job.companyName || personName(job.employerName)}</bdi> · {formatDate(job.startDate)}
                    </>
                  )}
                </span>
              </JobLinkRow>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
