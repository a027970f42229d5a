import type { IncomingHttpHeaders } from "node:http";
import { fromNodeHeaders } from "better-auth/node";

import type { Auth } from "../auth.ts";

/** Who a request's session cookie belongs to. */
export type SessionUser = { id: string; email: string; name: string; sessionId: string };

/**
 * The signed-in person of a request (HTTP or WebSocket upgrade), from its headers alone; null for no,
 * expired or unreadable session. Never throws: callers refuse a missing session in their own terms.
 */
export async function sessionUser(auth: Auth, headers: IncomingHttpHeaders): Promise<SessionUser | null> {
  try {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!found) return null;
    return { id: found.user.id, email: found.user.email, name: found.user.name, sessionId: found.session.id };
  } catch {
    return null;
  }
}
