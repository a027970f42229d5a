import { createHmac, randomBytes } from "node:crypto";

import type { NotificationSender } from "./notification-sender.ts";
import type { StandInReply, StandInRequest } from "./stand-in-http.ts";

/** A form-encoded body as Stripe's clients send it (`metadata[reference]=x`, `expand[0]=y`), nested. */
export type StripeParams = { [key: string]: string | StripeParams };

/** Parses `a[b][c]=v` pairs into nested objects (arrays stay objects keyed "0", "1", …). */
export function parseStripeForm(body: string): StripeParams {
  const out: StripeParams = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node = out;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        node = typeof next === "object" ? next : (node[part] = {});
      }
    }
  }
  return out;
}

export const str = (params: StripeParams, key: string): string | undefined => {
  const value = params[key];
  return typeof value === "string" ? value : undefined;
};
export const obj = (params: StripeParams, key: string): StripeParams => {
  const value = params[key];
  return typeof value === "object" ? value : {};
};
export const strings = (params: StripeParams): Record<string, string> =>
  Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === "string"));

/** Stripe's ids: a prefix and 24 random characters. */
export const stripeId = (prefix: string) =>
  `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x").slice(0, 24)}`;

/** Stripe's error body: { error: { type, code, message, param, … } }. */
export function stripeError(
  status: number,
  type: "invalid_request_error" | "card_error" | "api_error" | "idempotency_error",
  message: string,
  extra: Record<string, unknown> = {},
): StandInReply {
  return {
    status,
    json: {
      error: {
        type,
        message,
        ...extra,
        doc_url: extra.code ? `https://docs.stripe.com/error-codes/${String(extra.code)}` : undefined,
      },
    },
    headers: { "request-id": stripeId("req") },
  };
}

export const noSuch = (kind: string, id: string, param = "id") =>
  stripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, { code: "resource_missing", param });

/** The stand-in's state shared by its API routes and its pages. */
export type StripeState = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  notifications: NotificationSender;
  idempotent: Map<string, { fingerprint: string; reply: StandInReply }>;
  /** Sends an event of `type` about `object`, signed as Stripe signs: HMAC-SHA256 of `${t}.${body}`. */
  emit(type: string, object: unknown): void;
};

export const API_VERSION = "2026-11-18.endive";

/** The Stripe-Signature header for `payload` at `timestamp` (seconds): `t=…,v1=…`. */
export function stripeSignature(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export function emitter(state: Pick<StripeState, "notifications" | "webhookSecret">): StripeState["emit"] {
  return (type, object) => {
    const event = {
      id: stripeId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(event);
    state.notifications.send(body, () => ({
      "stripe-signature": stripeSignature(body, state.webhookSecret, Math.floor(Date.now() / 1000)),
    }));
  };
}

/**
 * A Stripe API handler behind the secret key (`Authorization: Bearer sk_…`) and, for POSTs, the
 * Idempotency-Key header: the same key and parameters replay the first answer (with
 * `Idempotent-Replayed: true`); the same key with other parameters is an idempotency_error.
 */
export function stripeHandler(
  state: StripeState,
  handle: (request: StandInRequest, params: StripeParams) => StandInReply,
): (request: StandInRequest) => StandInReply {
  return (request) => {
    const auth = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (auth !== state.secretKey) {
      return stripeError(401, "invalid_request_error", `Invalid API Key provided: ${(auth ?? "").slice(0, 8)}****`);
    }
    const params = request.method === "POST" ? parseStripeForm(request.rawBody) : parseStripeForm(request.query.toString());
    const key = request.headers["idempotency-key"];
    if (request.method !== "POST" || typeof key !== "string" || key === "") return handle(request, params);
    const fingerprint = `${request.path} ${JSON.stringify(params)}`;
    const seen = state.idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return stripeError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      return "json" in seen.reply
        ? { ...seen.reply, headers: { ...seen.reply.headers, "idempotent-replayed": "true" } }
        : seen.reply;
    }
    const reply = handle(request, params);
    if (reply.status < 500) state.idempotent.set(key, { fingerprint, reply: structuredClone(reply) });
    return reply;
  };
}
