/**
 * Postgres error states that mean "the database could not serve this now", not "this statement is
 * wrong" (docs/decisions/062): query_canceled (a statement timeout or a cancelled request, 57014),
 * admin or crash shutdown and "starting up" (57P01-57P03), too many connections (53300), a session
 * ended for sitting idle in a transaction (25P03), and every connection exception (class 08).
 */
const UNAVAILABLE_STATES = new Set(["57014", "57P01", "57P02", "57P03", "53300", "25P03"]);

/**
 * What postgres.js and Node name a connection that failed or went away: its own codes
 * (CONNECT_TIMEOUT, CONNECTION_CLOSED/ENDED/DESTROYED) and the socket's.
 */
const UNAVAILABLE_CODES = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

function stringField(value: object, key: string): string | undefined {
  const field: unknown = Reflect.get(value, key);
  return typeof field === "string" ? field : undefined;
}

/**
 * True when `error`, or an error it wraps (drizzle's `cause`, an AggregateError's `errors`), says the
 * database was unreachable, gone, overloaded or too slow; such a call is worth trying again later.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const code = stringField(error, "code");
  if (code !== undefined && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return "cause" in error && isDatabaseUnavailable(error.cause, depth + 1);
}
