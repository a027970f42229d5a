import { useAmountConverter } from "../../lib/reader-currency.ts";
import { m } from "../../paraglide/messages.js";
import { PagedList, type PagedQuery } from "../layout/paged-list.tsx";
import { JobCard } from "./job-card.tsx";
import type { JobSearchItem } from "./job-types.ts";
import { useTranslatable } from "./use-translatable.ts";

/**
 * The home list's cards, paged. What is the same for every card is read once here, not in each card:
 * the rate in the reader's currency and whether a job can be translated. Only this list draws again when
 * one of those answers arrives (the translation languages come after the first screen), and the cards,
 * given the same props, are skipped.
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
