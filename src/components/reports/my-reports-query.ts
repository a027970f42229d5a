import type { Trpc } from "../../trpc.ts";

/** The route's loader reads it without the list's code, which loads with the page. */
export function myReportsQuery(api: Trpc) {
  return api.reports.mine.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor });
}
