import { TRPCClientError } from "@trpc/client";

/** The message key the server answered a failed call with (e.g. "error_already_applied"), if any. */
export function errorKey(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  return (error.data as { messageKey?: string | null } | undefined)?.messageKey ?? null;
}

/** A timestamp's calendar day in the reader's time zone and language ("Applied on …"). */
export { formatDay } from "../../lib/format";

/** Wraps text of unknown direction (a name, a job title) for use inside a translated sentence. */
export { isolate } from "../../lib/locale";
