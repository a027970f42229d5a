import { CalendarDays, Clock, MapPin } from "lucide-react";
import { memo, useState } from "react";

import { formatDate } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { m } from "../../paraglide/messages.js";
import { RatingSummary } from "../reviews/rating.tsx";
import { Badge } from "../ui/badge.tsx";
import { CardLink } from "../ui/card-link.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card.tsx";
import { ConvertedRate } from "./converted-rate.tsx";
import { Highlight } from "./highlight.tsx";
import { employerName, rateLabel } from "./job-money.ts";
import { payModeLabel } from "./job-pay.ts";
import { distanceLabel, placeLine } from "./job-place.ts";
import type { JobSearchItem } from "./job-types.ts";
import { SkillBadges } from "./skill-badges.tsx";
import { TranslateToggle } from "./translate-toggle.tsx";

/**
 * A job in the home list, the search's words marked in its title. The whole card opens the job (the title's link is stretched over it), while
 * the translate toggle stays its own button on top. The list gives each card what is the same for all:
 * the rate in the reader's currency (`useAmountConverter`) and whether it can be translated (`useTranslatable`).
 */
export const JobCard = memo(function JobCard({
  job,
  query = "",
  convertedRate,
  translatable,
}: {
  job: JobSearchItem;
  query?: string;
  convertedRate: string | null;
  translatable: boolean;
}) {
  const [translatedTitle, setTranslatedTitle] = useState<string | null>(null);
  const distance = distanceLabel(job.distanceKm);
  return (
    <Card
      className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-ring/40 hover:shadow-md"
      data-testid="job-card"
      data-job-id={job.id}
    >
      <CardHeader>
        <CardTitle asChild className="line-clamp-2">
          <h3>
            <CardLink to="/jobs/$jobId" params={{ jobId: job.id }} data-testid="job-card-link">
              {translatedTitle ?? <Highlight text={job.title} query={query} />}
            </CardLink>
          </h3>
        </CardTitle>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-sm text-muted-foreground" dir="auto" data-testid="job-card-employer">
            {employerName({ fullName: job.employerFullName, companyName: job.employerCompanyName })}
          </span>
          <RatingSummary {...job.employerRating} testId="employer-rating" />
        </div>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="secondary">{translate(`category_${job.category}`)}</Badge>
          {/* How it is paid (docs/decisions/078): secured pay is what workers look for first. */}
          <Badge
            variant={job.payMode === "through_daywork" ? "green" : "outline"}
            className="whitespace-normal"
            data-testid="job-card-pay-mode"
          >
            {payModeLabel(job.payMode)}
          </Badge>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          <span className="flex min-w-0 items-center gap-1.5">
            <MapPin aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <span className="truncate" dir="auto">
              {placeLine(job)}
            </span>
            {distance && (
              <span className="shrink-0 text-muted-foreground" data-testid="job-card-distance">
                · {distance}
              </span>
            )}
          </span>
          <span className="flex items-center gap-1.5">
            <CalendarDays aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {m.job_card_starts({ date: formatDate(job.startDate) })}
          </span>
          <span className="flex items-center gap-1.5">
            <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            {m.job_card_days({ count: job.durationDays })}
          </span>
        </div>
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold" data-testid="job-card-rate">
            {rateLabel(job.hourlyRate, job.currency)}
          </span>
          <ConvertedRate text={convertedRate} testId="job-card-rate-converted" />
        </span>
        <SkillBadges skills={job.skills} max={3} />
        {translatable && (
          <TranslateToggle jobId={job.id} onTranslated={(t) => setTranslatedTitle(t?.title ?? null)} className="relative z-10" />
        )}
      </CardContent>
    </Card>
  );
});
