import { TRPCClientError } from "@trpc/client";
import { m } from "../paraglide/messages.js";
import { hasMessage, translate } from "./messages.ts";

const AUTH_CODES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "error_invalid_credentials",
  USER_ALREADY_EXISTS: "error_email_taken",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "error_email_taken",
  INVALID_EMAIL: "error_email_invalid",
  PASSWORD_TOO_SHORT: "error_password_min",
  PASSWORD_TOO_LONG: "error_password_too_long",
  INVALID_PASSWORD: "error_current_password_wrong",
};

/** The message key a failed tRPC call carries (e.g. "error_already_applied"), if any. */
export function errorKey(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { messageKey?: string | null } | undefined)?.messageKey ?? undefined;
}

/** What to tell a person about a failed request, in their language. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const key = errorKey(error);
    if (key && hasMessage(key)) return translate(key);
    if (!error.data) return m.error_network();
    return error.message || m.error_generic();
  }
  const authError = error as { code?: string; message?: string; status?: number } | null;
  if (authError && typeof authError === "object") {
    if (authError.status === 429) return m.error_too_many_requests();
    const code = authError.code;
    if (code && hasMessage(code)) return translate(code);
    if (code && AUTH_CODES[code]) return translate(AUTH_CODES[code]);
    if (authError.message) return authError.message;
  }
  return m.error_generic();
}

/** The message key of each invalid field of a failed tRPC call, for showing beside the inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fieldErrors?: Record<string, string | undefined> | null } | undefined)?.fieldErrors;
  return Object.fromEntries(Object.entries(fields ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"));
}
