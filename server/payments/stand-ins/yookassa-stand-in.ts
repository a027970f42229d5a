import { randomUUID } from "node:crypto";

import { fromYooKassaValue, toYooKassaValue } from "../yookassa/yookassa-amount.ts";
import { notificationSender } from "./notification-sender.ts";
import { noFaults, startStandInServer, type Faults, type StandInReply } from "./stand-in-http.ts";
import {
  isReply,
  metadataOf,
  YK_ERROR_CODES,
  ykAmountOf,
  ykError,
  ykHandler,
  ykId,
  type YkPayment,
  type YkRefund,
  type YooKassaState,
} from "./yookassa-stand-in-api.ts";
import { yookassaPages } from "./yookassa-stand-in-pages.ts";
import { yookassaPayoutRoutes } from "./yookassa-stand-in-payouts.ts";

const now = () => new Date().toISOString();

export type YooKassaStandInOptions = {
  shopId?: string;
  secretKey?: string;
  agentId?: string;
  payoutSecretKey?: string;
  /** ИНН that the stand-in's self-employed registry knows as confirmed. */
  selfEmployed?: string[];
};

export type YooKassaStandIn = YooKassaState & {
  faults: Faults;
  /** The payout gateway's balance in kopecks: a payout above it is cancelled for insufficient funds. */
  payoutBalance: { minor: number };
  close(): Promise<void>;
};

/**
 * YooKassa played on loopback: payments with capture later (created pending with a redirect
 * confirmation, confirmed on the stand-in's own payment page, captured in part or whole, cancelled,
 * refunded), payouts to card tokens from its card form and to SBP with self-employed receipts, and
 * notifications to `notifications.target`. See docs/payments.md for its test cards.
 */
export async function startYooKassaStandIn(options: YooKassaStandInOptions = {}): Promise<YooKassaStandIn> {
  const faults = noFaults();
  const state: YooKassaState = {
    url: "",
    shop: { shopId: options.shopId ?? "100500", secretKey: options.secretKey ?? "test_stand_in_secret" },
    agent: { agentId: options.agentId ?? "505050", secretKey: options.payoutSecretKey ?? "test_stand_in_payout_secret" },
    payments: new Map(),
    refunds: new Map(),
    notifications: notificationSender(),
    idempotent: new Map(),
    notify(event, object) {
      state.notifications.send(JSON.stringify({ type: "notification", event, object }), () => ({}));
    },
  };
  const shop = () => ({ login: state.shop.shopId, secret: state.shop.secretKey });

  const payment = (id: string | undefined): YkPayment | StandInReply =>
    state.payments.get(id ?? "") ?? ykError(404, "not_found", "Payment doesn't exist or access denied", "payment_id");

  const createPayment = ykHandler(state, shop, (_request, body) => {
    const amount = ykAmountOf(body.amount, "amount");
    if (isReply(amount)) return amount;
    const confirmation = body.confirmation as { type?: unknown; return_url?: unknown } | undefined;
    if (confirmation?.type !== "redirect" || typeof confirmation.return_url !== "string") {
      return ykError(400, "invalid_request", "Confirmation of type redirect with return_url is required", "confirmation");
    }
    if (typeof body.description === "string" && body.description.length > 128) {
      return ykError(400, "invalid_request", "Description is too long", "description");
    }
    const id = ykId();
    const created: YkPayment = {
      id,
      status: "pending",
      paid: false,
      amount: { value: toYooKassaValue(amount.minor), currency: amount.currency },
      ...(typeof body.description === "string" ? { description: body.description } : {}),
      recipient: { account_id: state.shop.shopId, gateway_id: "2040000" },
      created_at: now(),
      confirmation: {
        type: "redirect",
        return_url: confirmation.return_url,
        confirmation_url: `${state.url}/checkout/payments/v2/contract?orderId=${id}`,
      },
      test: true,
      refundable: false,
      metadata: metadataOf(body.metadata),
    };
    // Only a two-stage payment is played: `capture: true` would skip waiting_for_capture.
    if (body.capture === true) return ykError(400, "invalid_request", "The stand-in plays capture: false only", "capture");
    state.payments.set(id, created);
    return { status: 200, json: created };
  });

  const capture = ykHandler(state, shop, (request, body) => {
    const found = payment(request.params[0]);
    if (isReply(found)) return found;
    if (found.status !== "waiting_for_capture") {
      return ykError(400, "invalid_request", `Incorrect status of payment: ${found.status}`, "status");
    }
    const held = fromYooKassaValue(found.amount.value) ?? 0;
    let taken = held;
    if (body.amount !== undefined) {
      const amount = ykAmountOf(body.amount, "amount");
      if (isReply(amount)) return amount;
      if (amount.minor > held)
        return ykError(400, "invalid_request", "Amount is greater than the authorized amount", "amount.value");
      taken = amount.minor;
    }
    found.status = "succeeded";
    found.amount = { value: toYooKassaValue(taken), currency: found.amount.currency };
    // YooKassa's fee on the stand-in: 3.5% (for income_amount only).
    found.income_amount = { value: toYooKassaValue(taken - Math.round(taken * 0.035)), currency: found.amount.currency };
    found.refunded_amount = { value: "0.00", currency: found.amount.currency };
    found.captured_at = now();
    found.refundable = true;
    delete found.expires_at;
    state.notify("payment.succeeded", found);
    return { status: 200, json: found };
  });

  const cancel = ykHandler(state, shop, (request) => {
    const found = payment(request.params[0]);
    if (isReply(found)) return found;
    if (found.status !== "waiting_for_capture") {
      return ykError(400, "invalid_request", `Incorrect status of payment: ${found.status}`, "status");
    }
    found.status = "canceled";
    found.paid = false;
    found.cancellation_details = { party: "merchant", reason: "canceled_by_merchant" };
    delete found.expires_at;
    state.notify("payment.canceled", found);
    return { status: 200, json: found };
  });

  const refund = ykHandler(state, shop, (_request, body) => {
    const found = payment(typeof body.payment_id === "string" ? body.payment_id : undefined);
    if (isReply(found)) return found;
    const amount = ykAmountOf(body.amount, "amount");
    if (isReply(amount)) return amount;
    const refunded = fromYooKassaValue(found.refunded_amount?.value ?? "0") ?? 0;
    if (found.status !== "succeeded") return ykError(400, "invalid_request", "Payment is not succeeded", "payment_id");
    if (amount.minor > (fromYooKassaValue(found.amount.value) ?? 0) - refunded) {
      return ykError(400, "invalid_request", "Refund amount exceeds the payment amount", "amount.value");
    }
    found.refunded_amount = { value: toYooKassaValue(refunded + amount.minor), currency: found.amount.currency };
    const made: YkRefund = {
      id: ykId(),
      payment_id: found.id,
      status: "succeeded",
      created_at: now(),
      amount: { value: toYooKassaValue(amount.minor), currency: amount.currency },
      ...(typeof body.description === "string" ? { description: body.description } : {}),
    };
    state.refunds.set(made.id, made);
    state.notify("refund.succeeded", made);
    return { status: 200, json: made };
  });

  const getPayment = ykHandler(state, shop, (request) => {
    const found = payment(request.params[0]);
    return isReply(found) ? found : { status: 200, json: found };
  });
  const getRefund = ykHandler(state, shop, (request) => {
    const found = state.refunds.get(request.params[0] ?? "");
    return found ? { status: 200, json: found } : ykError(404, "not_found", "Refund doesn't exist or access denied");
  });

  const payouts = yookassaPayoutRoutes(state, options.selfEmployed ?? []);
  const server = await startStandInServer(
    [
      { method: "POST", path: /^\/v3\/payments$/, api: true, handle: createPayment },
      { method: "GET", path: /^\/v3\/payments\/([^/]+)$/, api: true, handle: getPayment },
      { method: "POST", path: /^\/v3\/payments\/([^/]+)\/capture$/, api: true, handle: capture },
      { method: "POST", path: /^\/v3\/payments\/([^/]+)\/cancel$/, api: true, handle: cancel },
      { method: "POST", path: /^\/v3\/refunds$/, api: true, handle: refund },
      { method: "GET", path: /^\/v3\/refunds\/([^/]+)$/, api: true, handle: getRefund },
      ...payouts.routes,
      ...yookassaPages(state, payouts.tokens),
    ],
    faults,
    (status) => ({
      type: "error",
      id: randomUUID(),
      code: YK_ERROR_CODES[status] ?? "internal_server_error",
      description: status === 404 ? "Not found" : "Internal server error",
    }),
  );
  state.url = server.url;
  return Object.assign(state, {
    faults,
    payoutBalance: payouts.balance,
    async close() {
      await state.notifications.idle();
      await server.close();
    },
  });
}
