import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";

export type JobLink = {
  key: string;
  jobId: string;
  title: string;
  employerName: string;
  startDate: string;
  cityName: string | null;
};

/**
 * A titled box of job links (title, then employer, start date and city), each opening its job page:
 * the invitations on /my-jobs, the followed employers' new jobs on the home page.
 */
export function JobLinkList({
  heading,
  icon,
  jobs,
  testId,
  itemTestId,
  className,
  listClassName,
}: {
  heading: string;
  icon: ReactNode;
  jobs: JobLink[];
  testId: string;
  itemTestId: string;
  className?: string;
  listClassName?: string;
}) {
  return (
    <section className={cn("grid gap-3 rounded-lg border bg-card p-4", className)} data-testid={testId}>
      <h2 className="flex items-center gap-2 font-semibold">
        {icon}
        {heading}
      </h2>
      <ul className={cn("grid gap-2", listClassName)}>
        {jobs.map((job) => (
          <li key={job.key}>
            <Link
              to="/jobs/$jobId"
              params={{ jobId: job.jobId }}
              className="grid h-full rounded-md border p-3 hover:bg-accent"
              data-testid={itemTestId}
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
