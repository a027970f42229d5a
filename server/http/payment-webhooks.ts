import type { FastifyInstance, FastifyReply } from "fastify";

import type { Database } from "../../db/database.ts";
import { applyProviderEvent, type ProviderEventHandlers, type ProviderName } from "../money/holds/provider-events.ts";
import type { Payments } from "../payments/open-payments.ts";
import type { WebhookRefusal } from "../payments/webhook-event.ts";
import { WEBHOOK_PATHS } from "../payments/webhook-urls.ts";
import type { Services } from "../services.ts";

/** The largest notification body taken: providers' objects are a few kilobytes. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** How the sender is answered per WebhookRefusal: 2xx nothing to do, 4xx refused, 5xx try again. */
const STATUS_OF: Record<WebhookRefusal, number> = {
  ignored: 200,
  not_current: 200,
  bad_signature: 400,
  stale: 400,
  malformed: 400,
  unknown_object: 400,
  forbidden_sender: 403,
  unavailable: 503,
};

export type WebhookDeps = { db: Database; services: Services; handlers: ProviderEventHandlers };

function verifierOf(payments: Payments | null, provider: ProviderName) {
  return provider === "yookassa" ? (payments?.yookassa?.webhooks ?? null) : (payments?.stripe?.webhooks ?? null);
}

/**
 * The providers' notification routes (docs/decisions/079), in a scope of their own whose only parser
 * hands the body over as the exact bytes sent (Stripe signs them). They are server-to-server POSTs, so the
 * origin guard lets them through (server/http/origin-guard.ts); each is verified by its provider's
 * verifier (signature, or the object fetched again), then applied in one transaction, once per event.
 */
export async function registerPaymentWebhooks(app: FastifyInstance, deps: WebhookDeps) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    for (const provider of ["yookassa", "stripe"] as const) {
      scope.post(WEBHOOK_PATHS[provider], { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
        const verifier = verifierOf(deps.services.payments, provider);
        // Not configured here: the sender should keep trying until it is (or stop sending).
        if (!verifier) return answer(reply, 503, "not configured");
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const verdict = await verifier.verifyWebhook({ rawBody, headers: request.headers, remoteAddress: request.ip });
        if (!verdict.ok) {
          request.log.info({ provider, reason: verdict.reason, detail: verdict.detail }, "payment webhook not taken");
          return answer(reply, STATUS_OF[verdict.reason], verdict.reason);
        }
        const { queue, now } = deps.services;
        const outcome = await deps.db.transaction((tx) =>
          applyProviderEvent(tx, { queue, now }, provider, verdict.event, deps.handlers),
        );
        request.log.info({ provider, eventId: verdict.event.eventId, outcome }, "payment webhook");
        // Nobody here applies this kind yet: never acknowledged, so the provider delivers it again later.
        if (outcome === "unhandled") return answer(reply, 503, outcome);
        return answer(reply, 200, outcome);
      });
    }
  });
}

function answer(reply: FastifyReply, status: number, outcome: string) {
  return reply.status(status).header("cache-control", "no-store").send({ outcome });
}
