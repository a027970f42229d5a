import { notFound } from "@tanstack/react-router";

import { isUuid } from "../../domain/id-shapes.ts";
import { errorCode } from "./errors.ts";

/**
 * How a route's loader waits for its page's data: `ensureQueryData` in the loader, `useSuspenseQuery` in
 * the page. A missing row throws TanStack Router's notFound() for the route's `notFoundComponent`; any
 * other failure reaches its `errorComponent`. Loaders also run when a link is hovered, so they never toast.
 */

/** An id in the URL that is not a uuid names no row: the page is not found, without asking the server. */
export function requireUuid(id: string): void {
  if (!isUuid(id)) throw notFound();
}

/** The page's data; a call answered NOT_FOUND (missing, or not the reader's) becomes the not-found state. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    // On the server the loaders call the procedures in-process (src/entry-server.tsx): the refusal is the
    // procedure's own TRPCError, whose `code` says it.
    const missing = errorCode(error) === "NOT_FOUND" || (import.meta.env.SSR && Object(error).code === "NOT_FOUND");
    throw missing ? notFound() : error;
  }
}
