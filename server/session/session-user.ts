import type { IncomingHttpHeaders } from "node:http";
import { fromNodeHeaders } from "better-auth/node";

import type { Auth } from "../auth.ts";
import { unavailableCause } from "../http/unavailable.ts";

/** Who a request's session cookie belongs to. */
export type SessionUser = { id: string; email: string; name: string; sessionId: string };

const sessionCookieNames = new WeakMap<Auth, string>();

/**
 * The name of the cookie better-auth keeps a session in, as better-auth itself computes it:
 * `daywork.session_token`, or `__Secure-daywork.session_token` where cookies are secure (an https
 * PUBLIC_URL). Read from its context once per auth instance.
 */
async function sessionCookieName(auth: Auth): Promise<string> {
  const known = sessionCookieNames.get(auth);
  if (known !== undefined) return known;
  const name = (await auth.$context).authCookies.sessionToken.name;
  sessionCookieNames.set(auth, name);
  return name;
}

/**
 * Whether the request could carry a session: without better-auth's cookie there is none, so the lookup is
 * skipped (docs/decisions/039). May say yes wrongly, never no; a plugin reading another header must pass here.
 */
export async function mayCarrySession(auth: Auth, headers: IncomingHttpHeaders): Promise<boolean> {
  const cookie = headers.cookie;
  if (typeof cookie !== "string" || cookie === "") return false;
  return cookie.includes(await sessionCookieName(auth));
}

/**
 * The signed-in person of a request (HTTP or WebSocket upgrade), from its headers alone; null for no,
 * expired or unreadable session: callers refuse a missing session in their own terms. Throws only when
 * the database could not be asked in time, which is "try again", not "signed out" (docs/decisions/062).
 */
export async function sessionUser(auth: Auth, headers: IncomingHttpHeaders): Promise<SessionUser | null> {
  try {
    if (!(await mayCarrySession(auth, headers))) return null;
    const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!found) return null;
    return { id: found.user.id, email: found.user.email, name: found.user.name, sessionId: found.session.id };
  } catch (error) {
    if (unavailableCause(error)) throw error;
    return null;
  }
}
