import type { Trpc } from "../../trpc.ts";

/** The route's loader reads it without the list's code, which loads with the page. */
export function myDecisionsQuery(api: Trpc) {
  return api.decisions.mine.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor });
}
