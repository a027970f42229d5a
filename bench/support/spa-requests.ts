// The requests the SPA sends for the home list, as the benches replay them.
import type { JobSearchInput } from "../../domain/job-filters.ts";
import { trpcPath } from "./load.ts";

export const LOCALE = "en";
/** What the SPA's requests carry: its language, and the encodings a browser accepts. */
export const SPA_HEADERS = {
  "x-locale": LOCALE,
  "accept-encoding": process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd",
};

/**
 * The input the home page's infinite query sends for a first page (src/routes/index.tsx): every filter
 * key, unset ones as undefined (superjson keeps them in its meta), plus the query's direction.
 */
export function browserSearchInput(input: JobSearchInput) {
  return {
    q: input.q || undefined,
    category: input.category,
    duration: input.duration,
    startDate: input.startDate,
    price: input.price,
    currency: input.currency,
    country: input.country,
    cityId: input.cityId,
    ...(input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : {}),
    km: input.km,
    direction: "forward" as const,
  };
}

/** The home list's first page with these filters, as the SPA asks for it. */
export const homeListPath = (input: JobSearchInput = {}) => trpcPath("jobs.search", browserSearchInput(input));
