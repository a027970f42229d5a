import { TRPCClientError } from "@trpc/client";

import type { AppRouter } from "../../server/trpc/router.ts";
import { m } from "../paraglide/messages.js";
import { hasMessage, translate } from "./messages.ts";

/**
 * How the client reads a failed call. A tRPC failure carries what the server's error formatter put in
 * `data` (`code`, `httpStatus`, `messageKey`, `fieldErrors`; no `data` when no answer came). An upload
 * route answers `{ code }` with a message key; better-auth answers `{ code, message, status }`.
 */

/** True when `error` is a failed tRPC call, with the server's typed `data`. */
export function isTrpcError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof TRPCClientError;
}

/** A refused or failed upload (certificates, chat images): `code` is a message key when the server named one. */
export class UploadError extends Error {
  readonly status: number;
  readonly code?: string;
  constructor(status: number, code?: string) {
    super(code ?? `upload failed with status ${status}`);
    this.name = "UploadError";
    this.status = status;
    this.code = code;
  }

  /** No answer and no reason: the request was cancelled (the page went away). */
  get aborted(): boolean {
    return this.status === 0 && this.code === undefined;
  }
}

/** The string field `key` of a JSON answer, if it has one. */
function stringField(body: unknown, key: "code" | "message"): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value: unknown = Reflect.get(body, key);
  return typeof value === "string" ? value : undefined;
}

/** The UploadError an upload route's refusal stands for; `fallback` names the reason when the answer does not. */
export function uploadErrorFrom(status: number, body: unknown, fallback?: string): UploadError {
  return new UploadError(status, stringField(body, "code") ?? fallback);
}

/** The message key a failed call carries (e.g. "error_already_applied"), if any. */
export function errorKey(error: unknown): string | undefined {
  if (isTrpcError(error)) return error.data?.messageKey ?? undefined;
  if (error instanceof UploadError) return error.code;
  return undefined;
}

/** The tRPC code of a failed call ("NOT_FOUND", "FORBIDDEN"…), if the server answered. */
export function errorCode(error: unknown) {
  return isTrpcError(error) ? error.data?.code : undefined;
}

/** The HTTP status a failed call was answered with, if it was answered. */
export function errorStatus(error: unknown): number | undefined {
  if (isTrpcError(error)) return error.data?.httpStatus;
  if (error instanceof UploadError) return error.status || undefined;
  return undefined;
}

/** True when the server answered and refused (4xx): asking again gets the same answer. */
export function isRefusal(error: unknown): boolean {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** The message key of each invalid field of a failed tRPC call, for showing beside the inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  const fields = isTrpcError(error) ? error.data?.fieldErrors : undefined;
  return Object.fromEntries(Object.entries(fields ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"));
}

const AUTH_CODES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "error_invalid_credentials",
  USER_ALREADY_EXISTS: "error_email_taken",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "error_email_taken",
  INVALID_EMAIL: "error_email_invalid",
  PASSWORD_TOO_SHORT: "error_password_min",
  PASSWORD_TOO_LONG: "error_password_too_long",
  INVALID_PASSWORD: "error_current_password_wrong",
};

/** Whole minutes until a refused sign-in may be tried again (`retryAfterSeconds` of the answer), at least 1. */
function minutesToWait(error: object): number {
  const seconds: unknown = Reflect.get(error, "retryAfterSeconds");
  return typeof seconds === "number" && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}

/** What better-auth said: its error `code` mapped to a message key, or its own English text. */
function authErrorText(error: object): string | undefined {
  const code = stringField(error, "code");
  // Our own refusals name their message (the sign-in wait says how long: docs/decisions/058).
  if (code && hasMessage(code)) return translate(code, { minutes: minutesToWait(error) });
  if ("status" in error && error.status === 429) return m.error_too_many_requests();
  const mapped = code ? AUTH_CODES[code] : undefined;
  if (mapped) return translate(mapped);
  return stringField(error, "message");
}

/** What to tell a person about a failed request, in their language. */
export function errorMessage(error: unknown): string {
  const key = errorKey(error);
  if (key && hasMessage(key)) return translate(key);
  if (isTrpcError(error)) return error.data ? error.message || m.error_generic() : m.error_network();
  // Any other Error is a fault of the page itself: its text is for developers, not for the reader.
  if (error instanceof Error) return m.error_generic();
  // better-auth answers with a plain object.
  if (typeof error === "object" && error !== null) return authErrorText(error) ?? m.error_generic();
  return m.error_generic();
}
