import type { FastifyInstance } from "fastify";

import type { Database } from "../../db/database.ts";
import type { Config } from "../config.ts";
import { devInboxRoutes } from "../mail/dev-inbox-route.ts";
import { unsubscribeRoutes } from "../mail/unsubscribe-route.ts";

/**
 * The unsubscribe link of notification e-mails, in its own scope (it accepts mail clients' form posts);
 * and the local inbox in the browser, only while mail stays on this machine and never in production.
 */
export async function registerMailRoutes(app: FastifyInstance, deps: { db: Database; config: Config; now: () => Date }) {
  const { config } = deps;
  await app.register(unsubscribeRoutes, deps);
  if (config.env !== "production" && !config.mail.smtpUrl) await app.register(devInboxRoutes, { dir: config.mail.dir });
}
