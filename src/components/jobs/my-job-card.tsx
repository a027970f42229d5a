import { Clock, MapPin, Users, Wallet } from "lucide-react";

import { formatMoney } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { m } from "../../paraglide/messages.js";
import { Badge } from "../ui/badge.tsx";
import { CardLink } from "../ui/card-link.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card.tsx";
import { placeLine } from "./job-place.ts";
import type { MyJobItem } from "./job-types.ts";
import { SkillBadges } from "./skill-badges.tsx";
import { ApplicationStatusBadge, JobStatusBadge } from "./status-badges.tsx";

/** A card of /my-jobs; employers also see how many workers they need, workers their application's status. */
export function MyJobCard({ job, showWorkers }: { job: MyJobItem; showWorkers: boolean }) {
  return (
    <Card
      className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-ring/40 hover:shadow-md"
      data-testid="my-job-card"
      data-job-id={job.id}
    >
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle asChild className="line-clamp-2">
            <h2>
              <CardLink to="/jobs/$jobId" params={{ jobId: job.id }}>
                {job.title}
              </CardLink>
            </h2>
          </CardTitle>
          <JobStatusBadge status={job.status} />
        </div>
        {job.applicationStatus && (
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="my-application-status">
            <span className="text-muted-foreground">{m.my_jobs_your_application()}</span>
            <ApplicationStatusBadge status={job.applicationStatus} mine />
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p className="line-clamp-2 text-muted-foreground" dir="auto">
          {job.description}
        </p>
        <span className="flex items-center gap-2">
          <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate" dir="auto">
            {placeLine(job)}
          </span>
        </span>
        <span className="flex items-center gap-2">
          <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {m.job_card_days({ count: job.durationDays })}
        </span>
        {job.hourlyRate !== null && (
          <span className="flex items-center gap-2">
            <Wallet aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {m.job_card_per_hour({ amount: formatMoney(job.hourlyRate, job.currency) })}
          </span>
        )}
        {showWorkers && (
          <span className="flex items-center gap-2">
            <Users aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {m.job_workers_count({ count: job.maxWorkers })}
          </span>
        )}
        <Badge variant="secondary">{translate(`category_${job.category}`)}</Badge>
        <SkillBadges skills={job.skills} />
      </CardContent>
    </Card>
  );
}
