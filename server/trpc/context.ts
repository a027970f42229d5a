import type { IncomingHttpHeaders } from "node:http";
import { fromNodeHeaders } from "better-auth/node";
import type { Database } from "../../db/database.ts";
import type { Auth } from "../auth.ts";
import type { Config } from "../config.ts";
import type { Services } from "../services.ts";

export type SessionUser = { id: string; email: string; name: string };

export type Context = {
  db: Database;
  auth: Auth;
  config: Config;
  services: Services;
  user: SessionUser | null;
  sessionId: string | null;
  headers: IncomingHttpHeaders;
};

export type ContextDeps = Pick<Context, "db" | "auth" | "config" | "services">;

/**
 * One context for HTTP and WebSocket: it reads only the request headers (the upgrade request's on a
 * socket). It never throws: a bad or missing session is `user: null`, refused by the procedure builders.
 */
export async function createContext(deps: ContextDeps, headers: IncomingHttpHeaders): Promise<Context> {
  let user: SessionUser | null = null;
  let sessionId: string | null = null;
  try {
    const found = await deps.auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (found) {
      user = { id: found.user.id, email: found.user.email, name: found.user.name };
      sessionId = found.session.id;
    }
  } catch {
    user = null;
  }
  return { ...deps, user, sessionId, headers };
}
