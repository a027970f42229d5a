import { useAmountConverter } from "../../lib/reader-currency.ts";
import { m } from "../../paraglide/messages.js";
import { PagedList, type PagedQuery } from "../layout/paged-list.tsx";
import { JobCard } from "./job-card.tsx";
import type { JobSearchItem } from "./job-types.ts";
import { useTranslatable } from "./use-translatable.ts";

/**
 * The home list's cards, paged. The reader's currency and the translation languages are read once here, not
 * per card, so only the list re-renders when they arrive and memoised cards are skipped (docs/decisions/038).
 */
export function JobResults({ jobs, query, className }: { jobs: PagedQuery<JobSearchItem>; query: string; className?: string }) {
  const convertRate = useAmountConverter();
  const translatable = useTranslatable();
  return (
    <PagedList
      query={jobs}
      itemKey={(job) => job.id}
      renderItem={(job) => (
        <JobCard
          job={job}
          query={query}
          convertedRate={convertRate(job.hourlyRate, job.currency)}
          translatable={translatable(job.language)}
        />
      )}
      className={className}
      testId="job-list"
      loadMore={{ label: m.jobs_load_more(), testId: "load-more" }}
    />
  );
}
