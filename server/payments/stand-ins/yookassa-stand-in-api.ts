import { randomBytes, randomUUID } from "node:crypto";

import { fromYooKassaValue, type YooKassaAmount } from "../yookassa/yookassa-amount.ts";
import type { NotificationSender } from "./notification-sender.ts";
import type { StandInReply, StandInRequest } from "./stand-in-http.ts";

/** YooKassa's payment object, as far as the stand-in keeps it (API v3 field names). */
export type YkPayment = {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: YooKassaAmount;
  income_amount?: YooKassaAmount;
  refunded_amount?: YooKassaAmount;
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  payment_method?: {
    type: "bank_card";
    id: string;
    saved: boolean;
    title: string;
    card: { first6: string; last4: string; expiry_month: string; expiry_year: string; card_type: string; issuer_country: string };
  };
  captured_at?: string;
  created_at: string;
  expires_at?: string;
  confirmation?: { type: "redirect"; return_url: string; confirmation_url: string };
  test: boolean;
  refundable: boolean;
  metadata: Record<string, string>;
  cancellation_details?: { party: "merchant" | "yoo_money" | "payment_network"; reason: string };
};

export type YkRefund = {
  id: string;
  payment_id: string;
  status: "succeeded";
  created_at: string;
  amount: YooKassaAmount;
  description?: string;
};

/** The stand-in's state, shared by its API routes and pages. */
export type YooKassaState = {
  url: string;
  shop: { shopId: string; secretKey: string };
  agent: { agentId: string; secretKey: string };
  payments: Map<string, YkPayment>;
  refunds: Map<string, YkRefund>;
  notifications: NotificationSender;
  /** Answers to keyed POSTs: `${login}:${key}` → the request's fingerprint and the first answer. */
  idempotent: Map<string, { fingerprint: string; reply: StandInReply }>;
  notify(event: string, object: unknown): void;
};

/** YooKassa's error body (type "error", a code, a description, the parameter at fault). */
export function ykError(status: number, code: string, description: string, parameter?: string): StandInReply {
  return { status, json: { type: "error", id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) } };
}

export const YK_ERROR_CODES: Record<number, string> = {
  400: "invalid_request",
  401: "invalid_credentials",
  403: "forbidden",
  404: "not_found",
  429: "too_many_requests",
  500: "internal_server_error",
};

/** YooKassa's ids: a UUID-like hex string (payments and refunds). */
export const ykId = () => {
  const hex = randomBytes(16).toString("hex");
  return `${hex.slice(0, 8)}-000f-5000-9000-${hex.slice(20, 32)}`;
};

/** True when the request carries Basic credentials `login:secret`. */
function basicLogin(request: StandInRequest, login: string, secret: string): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^Basic (.+)$/i.exec(header);
  if (!match?.[1]) return false;
  return Buffer.from(match[1], "base64").toString("utf8") === `${login}:${secret}`;
}

/**
 * A YooKassa API v3 handler behind Basic auth and, for POSTs, the Idempotence-Key header: the same
 * key and body answer the first answer again; the same key with another body is refused.
 */
export function ykHandler(
  state: YooKassaState,
  credentials: () => { login: string; secret: string },
  handle: (request: StandInRequest, body: Record<string, unknown>) => StandInReply,
): (request: StandInRequest) => StandInReply {
  return (request) => {
    const { login, secret } = credentials();
    if (!basicLogin(request, login, secret)) {
      return ykError(401, "invalid_credentials", "Authentication by given credentials failed");
    }
    let body: Record<string, unknown> = {};
    if (request.method === "POST") {
      try {
        const parsed = request.rawBody ? (JSON.parse(request.rawBody) as unknown) : {};
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
        body = parsed as Record<string, unknown>;
      } catch {
        return ykError(400, "invalid_request", "Request body is not a JSON object");
      }
    }
    if (request.method !== "POST") return handle(request, body);
    const key = request.headers["idempotence-key"];
    if (typeof key !== "string" || key.length === 0) {
      return ykError(400, "invalid_request", "Idempotence key is missing", "Idempotence-Key");
    }
    if (key.length > 64) return ykError(400, "invalid_request", "Idempotence key is too long", "Idempotence-Key");
    const fingerprint = `${request.path} ${JSON.stringify(body)}`;
    const seen = state.idempotent.get(`${login}:${key}`);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return ykError(400, "invalid_request", "Idempotence key duplicated with another request", "Idempotence-Key");
      }
      return seen.reply;
    }
    const reply = handle(request, body);
    // A 5xx is not remembered: the request may be retried with its key (as YooKassa asks).
    if (reply.status < 500) state.idempotent.set(`${login}:${key}`, { fingerprint, reply: structuredClone(reply) });
    return reply;
  };
}

/** An amount object in `body[field]` in minor units, or a refusal. */
export function ykAmountOf(value: unknown, parameter: string): { minor: number; currency: string } | StandInReply {
  const amount = value as Partial<YooKassaAmount> | undefined;
  if (!amount || typeof amount.value !== "string" || typeof amount.currency !== "string") {
    return ykError(400, "invalid_request", `Parameter ${parameter} is missing`, parameter);
  }
  const minor = fromYooKassaValue(amount.value);
  if (minor === null || minor <= 0) return ykError(400, "invalid_request", "Invalid amount value", `${parameter}.value`);
  if (amount.currency !== "RUB") return ykError(400, "invalid_request", "Currency is not supported", `${parameter}.currency`);
  return { minor, currency: amount.currency };
}

export const isReply = (value: object): value is StandInReply => "json" in value || "html" in value || "location" in value;

export function metadataOf(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}
