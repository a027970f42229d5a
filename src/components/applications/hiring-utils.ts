import { TRPCClientError } from "@trpc/client";
import { todayIn } from "../../../domain/age";
import { formatDate } from "../../lib/format";

/** The message key the server answered a failed call with (e.g. "error_already_applied"), if any. */
export function errorKey(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  return (error.data as { messageKey?: string | null } | undefined)?.messageKey ?? null;
}

/** A timestamp's calendar day in the reader's time zone and language ("Applied on …"). */
export function formatDay(value: Date | string): string {
  return formatDate(todayIn(undefined, new Date(value)));
}

/** Wraps text of unknown direction (a name, a job title) for use inside a translated sentence. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
