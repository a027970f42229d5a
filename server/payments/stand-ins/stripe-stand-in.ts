import { randomBytes } from "node:crypto";

import { notificationSender } from "./notification-sender.ts";
import { noFaults, startStandInServer, type Faults, type StandInReply } from "./stand-in-http.ts";
import {
  emitter,
  noSuch,
  obj,
  str,
  strings,
  stripeError,
  stripeHandler,
  stripeId,
  type StripeParams,
  type StripeState,
} from "./stripe-stand-in-api.ts";
import { stripeConnectRoutes, type StripeAccount } from "./stripe-stand-in-connect.ts";
import { stripePages } from "./stripe-stand-in-pages.ts";

const CURRENCIES = ["eur", "gbp", "usd"];
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's PaymentIntent, as far as the stand-in keeps it. */
export type StripePaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_capture" | "succeeded" | "canceled";
  capture_method: "manual";
  client_secret: string;
  created: number;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: "card_error"; code: "card_declined"; decline_code: string; message: string } | null;
  latest_charge: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  canceled_at: number | null;
  cancellation_reason: string | null;
  livemode: false;
  next_action: null;
};

export type StripeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  payment_method_details: { type: "card"; card: { brand: string; last4: string; capture_before: number } };
};

type StripeRefund = {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
  metadata: Record<string, string>;
};

export type StripeStandIn = StripeState & {
  faults: Faults;
  intents: Map<string, StripePaymentIntent>;
  charges: Map<string, StripeCharge>;
  accounts: Map<string, StripeAccount>;
  /** The platform's available balance per currency, in minor units: a transfer above it is refused. */
  balance: Record<string, number>;
  /** The stand-in's page where a payer confirms a PaymentIntent (in production: our Stripe.js page). */
  confirmUrl: string;
  close(): Promise<void>;
};

/**
 * Stripe played on loopback: PaymentIntents with manual capture (confirmed on the stand-in's card
 * page, captured in part once, cancelled, refunded), Connect accounts with an onboarding page and
 * transfers to them, and events signed with the webhook secret to `notifications.target`.
 */
export async function startStripeStandIn(options: { secretKey?: string; webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const faults = noFaults();
  const notifications = notificationSender();
  const webhookSecret = options.webhookSecret ?? "whsec_stand_in_secret";
  const state: StripeState = {
    url: "",
    secretKey: options.secretKey ?? "sk_test_stand_in",
    webhookSecret,
    notifications,
    idempotent: new Map(),
    emit: emitter({ notifications, webhookSecret }),
  };
  const intents = new Map<string, StripePaymentIntent>();
  const charges = new Map<string, StripeCharge>();
  const refunds = new Map<string, StripeRefund>();

  /** The intent with `expand[]=latest_charge` honoured. */
  const view = (intent: StripePaymentIntent, params: StripeParams): StandInReply => {
    const expand = Object.values(obj(params, "expand"));
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    return { status: 200, json: expand.includes("latest_charge") && charge ? { ...intent, latest_charge: charge } : intent };
  };

  const unexpectedState = (intent: StripePaymentIntent, action: string, allowed: string) =>
    stripeError(
      400,
      "invalid_request_error",
      `This PaymentIntent could not be ${action} because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed}.`,
      { code: "payment_intent_unexpected_state", payment_intent: intent },
    );

  const create = stripeHandler(state, (_request, params) => {
    const amount = Number(str(params, "amount"));
    const currency = str(params, "currency") ?? "";
    if (!Number.isInteger(amount) || amount < 1) {
      return stripeError(400, "invalid_request_error", "Invalid integer: amount", { param: "amount" });
    }
    if (!CURRENCIES.includes(currency)) {
      return stripeError(400, "invalid_request_error", `Invalid currency: ${currency}`, { param: "currency" });
    }
    if (str(params, "capture_method") !== "manual") {
      return stripeError(400, "invalid_request_error", "The stand-in plays capture_method=manual only", {
        param: "capture_method",
      });
    }
    const id = stripeId("pi");
    const intent: StripePaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: "requires_payment_method",
      capture_method: "manual",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      created: now(),
      description: str(params, "description") ?? null,
      metadata: strings(obj(params, "metadata")),
      last_payment_error: null,
      latest_charge: null,
      payment_method: null,
      payment_method_types: ["card"],
      canceled_at: null,
      cancellation_reason: null,
      livemode: false,
      next_action: null,
    };
    intents.set(id, intent);
    return { status: 200, json: intent };
  });

  const retrieve = stripeHandler(state, (request, params) => {
    const intent = intents.get(request.params[0] ?? "");
    return intent ? view(intent, params) : noSuch("payment_intent", request.params[0] ?? "", "intent");
  });

  const capture = stripeHandler(state, (request, params) => {
    const intent = intents.get(request.params[0] ?? "");
    if (!intent) return noSuch("payment_intent", request.params[0] ?? "", "intent");
    if (intent.status !== "requires_capture") return unexpectedState(intent, "captured", "requires_capture");
    const amount =
      str(params, "amount_to_capture") === undefined ? intent.amount_capturable : Number(str(params, "amount_to_capture"));
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount_capturable) {
      return stripeError(400, "invalid_request_error", "The amount to capture must be at most the amount capturable.", {
        code: "amount_too_large",
        param: "amount_to_capture",
      });
    }
    // One capture: what is not taken is released to the payer at once.
    intent.status = "succeeded";
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (charge) {
      charge.amount_captured = amount;
      charge.captured = true;
    }
    state.emit("payment_intent.succeeded", intent);
    return view(intent, params);
  });

  const cancel = stripeHandler(state, (request, params) => {
    const intent = intents.get(request.params[0] ?? "");
    if (!intent) return noSuch("payment_intent", request.params[0] ?? "", "intent");
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return unexpectedState(
        intent,
        "canceled",
        "requires_payment_method, requires_capture, requires_confirmation, requires_action, processing",
      );
    }
    intent.status = "canceled";
    intent.amount_capturable = 0;
    intent.canceled_at = now();
    intent.cancellation_reason = str(params, "cancellation_reason") ?? null;
    state.emit("payment_intent.canceled", intent);
    return view(intent, params);
  });

  const refund = stripeHandler(state, (_request, params) => {
    const id = str(params, "payment_intent") ?? "";
    const intent = intents.get(id);
    if (!intent) return noSuch("payment_intent", id, "payment_intent");
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== "succeeded" || !charge) {
      return stripeError(
        400,
        "invalid_request_error",
        `This PaymentIntent (${id}) does not have a successful charge to refund.`,
        {
          code: "charge_not_refundable",
        },
      );
    }
    const left = intent.amount_received - charge.amount_refunded;
    const amount = str(params, "amount") === undefined ? left : Number(str(params, "amount"));
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return stripeError(400, "invalid_request_error", `Refund amount is greater than unrefunded amount on charge (${left})`, {
        code: "amount_too_large",
        param: "amount",
      });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    const made: StripeRefund = {
      id: stripeId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      created: now(),
      metadata: strings(obj(params, "metadata")),
    };
    refunds.set(made.id, made);
    state.emit("refund.created", made);
    state.emit("charge.refunded", charge);
    return { status: 200, json: made };
  });

  const getRefund = stripeHandler(state, (request) => {
    const found = refunds.get(request.params[0] ?? "");
    return found ? { status: 200, json: found } : noSuch("refund", request.params[0] ?? "");
  });

  const connect = stripeConnectRoutes(state);
  const server = await startStandInServer(
    [
      { method: "POST", path: /^\/v1\/payment_intents$/, api: true, handle: create },
      { method: "GET", path: /^\/v1\/payment_intents\/([^/]+)$/, api: true, handle: retrieve },
      { method: "POST", path: /^\/v1\/payment_intents\/([^/]+)\/capture$/, api: true, handle: capture },
      { method: "POST", path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, api: true, handle: cancel },
      { method: "POST", path: /^\/v1\/refunds$/, api: true, handle: refund },
      { method: "GET", path: /^\/v1\/refunds\/([^/]+)$/, api: true, handle: getRefund },
      ...connect.routes,
      ...stripePages(state, intents, charges, connect.accounts),
    ],
    faults,
    (status) =>
      status === 404
        ? { error: { type: "invalid_request_error", message: "Unrecognized request URL." } }
        : { error: { type: "api_error", message: "An unknown error occurred" } },
  );
  state.url = server.url;
  return Object.assign(state, {
    faults,
    intents,
    charges,
    accounts: connect.accounts,
    balance: connect.balance,
    confirmUrl: `${server.url}/pay`,
    async close() {
      await notifications.idle();
      await server.close();
    },
  });
}
