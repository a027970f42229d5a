/**
 * What an id looks like, as plain tests: the schemas of ids.ts build on these, and the SPA's routes
 * use them to tell a malformed address from a missing row without loading a validation library.
 */

/** A uuid as Postgres reads one (8-4-4-4-12 hex digits, any version). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A better-auth user id: an opaque string of letters, digits, '-' and '_' (at most 100). */
export const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** True for a uuid as Postgres reads one. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** True for a string that could be a person's id. */
export function isUserId(value: string): boolean {
  return USER_ID.test(value);
}
