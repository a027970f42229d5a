import { randomBytes } from "node:crypto";

import { toYooKassaValue, type YooKassaAmount } from "../yookassa/yookassa-amount.ts";
import type { StandInReply, StandInRequest, StandInRoute } from "./stand-in-http.ts";
import type { CardOutcome } from "./test-cards.ts";
import { isReply, ykAmountOf, ykError, ykHandler, type YooKassaState } from "./yookassa-stand-in-api.ts";

/** A card saved through the payout widget: what its token pays out to, and how that ends. */
export type PayoutCard = { first6: string; last4: string; card_type: string; outcome: CardOutcome };

type YkPayout = {
  id: string;
  amount: YooKassaAmount;
  status: "pending" | "succeeded" | "canceled";
  payout_destination:
    | { type: "bank_card"; card: { first6: string; last4: string; card_type: string; issuer_country: string } }
    | { type: "sbp"; phone: string; bank_id: string; recipient_checked: boolean };
  description?: string;
  created_at: string;
  succeeded_at?: string;
  metadata: Record<string, string>;
  cancellation_details?: { party: "yoo_money" | "payout_network"; reason: string };
  self_employed?: { id: string };
  receipt?: { service_name: string; npd_receipt_id?: string; url?: string; amount: YooKassaAmount };
  test: boolean;
};

type YkSelfEmployed = { id: string; status: "confirmed" | "unregistered"; itn: string; created_at: string; test: boolean };

/** The fast payment system's banks as YooKassa lists them (a few; ids are the system's own). */
export const SBP_BANKS = [
  { bank_id: "100000000111", name: "Сбербанк", bic: "044525225" },
  { bank_id: "100000000004", name: "Т-Банк", bic: "044525974" },
  { bank_id: "100000000008", name: "Альфа-Банк", bic: "044525593" },
];

/** An SBP phone the stand-in's payouts cannot find a recipient for. */
export const SBP_UNKNOWN_PHONE = "79990000000";

/**
 * YooKassa's payouts, self-employed registry and SBP bank list, behind the payout gateway's own
 * credentials (agent id and its secret key). A payout answers pending and settles at once after,
 * with its notification: a card from the widget pays as its test number says; an SBP phone pays
 * unless it is SBP_UNKNOWN_PHONE; the gateway's balance may run out.
 */
export function yookassaPayoutRoutes(
  state: YooKassaState,
  selfEmployed: string[],
): { routes: StandInRoute[]; tokens: Map<string, PayoutCard>; balance: { minor: number } } {
  const tokens = new Map<string, PayoutCard>();
  const payouts = new Map<string, YkPayout>();
  const registry = new Map<string, YkSelfEmployed>();
  const balance = { minor: 10_000_000_00 };
  const agent = () => ({ login: state.agent.agentId, secret: state.agent.secretKey });
  const now = () => new Date().toISOString();

  const settle = (payout: YkPayout, outcome: { reason: string; party: "yoo_money" | "payout_network" } | null, minor: number) => {
    if (outcome) {
      payout.status = "canceled";
      payout.cancellation_details = outcome;
      state.notify("payout.canceled", payout);
      return;
    }
    balance.minor -= minor;
    payout.status = "succeeded";
    payout.succeeded_at = now();
    if (payout.receipt) {
      payout.receipt.npd_receipt_id = randomBytes(5).toString("hex");
      payout.receipt.url = `${state.url}/npd/receipts/${payout.receipt.npd_receipt_id}`;
    }
    state.notify("payout.succeeded", payout);
  };

  const create = ykHandler(state, agent, (_request, body) => {
    const amount = ykAmountOf(body.amount, "amount");
    if (isReply(amount)) return amount;
    const token = typeof body.payout_token === "string" ? body.payout_token : null;
    const data = body.payout_destination_data as { type?: unknown; phone?: unknown; bank_id?: unknown } | undefined;
    if ((token === null) === (data === undefined)) {
      return ykError(400, "invalid_request", "Specify either payout_token or payout_destination_data", "payout_token");
    }
    let destination: YkPayout["payout_destination"];
    let failure: { reason: string; party: "yoo_money" | "payout_network" } | null = null;
    if (token !== null) {
      const card = tokens.get(token);
      if (!card) return ykError(400, "invalid_request", "Invalid payout_token", "payout_token");
      destination = {
        type: "bank_card",
        card: { first6: card.first6, last4: card.last4, card_type: card.card_type, issuer_country: "RU" },
      };
      if (card.outcome === "declined") failure = { party: "payout_network", reason: "general_decline" };
    } else {
      if (data?.type !== "sbp" || typeof data.phone !== "string" || typeof data.bank_id !== "string") {
        return ykError(
          400,
          "invalid_request",
          "payout_destination_data of type sbp needs phone and bank_id",
          "payout_destination_data",
        );
      }
      if (!/^7\d{10}$/.test(data.phone)) return ykError(400, "invalid_request", "Invalid phone", "payout_destination_data.phone");
      if (!SBP_BANKS.some((b) => b.bank_id === data.bank_id)) {
        return ykError(400, "invalid_request", "Unknown bank_id", "payout_destination_data.bank_id");
      }
      destination = { type: "sbp", phone: data.phone, bank_id: data.bank_id, recipient_checked: false };
      if (data.phone === SBP_UNKNOWN_PHONE) failure = { party: "payout_network", reason: "recipient_not_found" };
    }
    const payout: YkPayout = {
      id: `po-${randomBytes(16)
        .toString("hex")
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, "$1-$2-$3-$4-$5")}`,
      amount: { value: toYooKassaValue(amount.minor), currency: amount.currency },
      status: "pending",
      payout_destination: destination,
      ...(typeof body.description === "string" ? { description: body.description } : {}),
      created_at: now(),
      metadata: Object.fromEntries(
        Object.entries((body.metadata as Record<string, unknown> | undefined) ?? {}).filter(
          (e): e is [string, string] => typeof e[1] === "string",
        ),
      ),
      test: true,
    };
    const self = body.self_employed as { id?: unknown } | undefined;
    if (self !== undefined) {
      const registered = typeof self.id === "string" ? registry.get(self.id) : undefined;
      if (!registered) return ykError(400, "invalid_request", "Unknown self_employed.id", "self_employed.id");
      const receipt = body.receipt_data as { service_name?: unknown } | undefined;
      if (typeof receipt?.service_name !== "string" || receipt.service_name.length === 0) {
        return ykError(400, "invalid_request", "receipt_data.service_name is required for a self-employed payee", "receipt_data");
      }
      payout.self_employed = { id: registered.id };
      payout.receipt = { service_name: receipt.service_name, amount: payout.amount };
      if (registered.status !== "confirmed") failure = { party: "yoo_money", reason: "self_employed_annulled" };
    }
    if (!failure && amount.minor > balance.minor) failure = { party: "yoo_money", reason: "insufficient_funds" };
    payouts.set(payout.id, payout);
    const answered = structuredClone(payout);
    setImmediate(() => settle(payout, failure, amount.minor));
    return { status: 200, json: answered };
  });

  const get = ykHandler(state, agent, (request: StandInRequest): StandInReply => {
    const found = payouts.get(request.params[0] ?? "");
    return found ? { status: 200, json: found } : ykError(404, "not_found", "Payout doesn't exist or access denied");
  });

  // Real YooKassa keeps a self-employed payee pending until they grant it rights in «Мой налог»;
  // the stand-in answers at once: confirmed for the ИНН it was told are self-employed.
  const register = ykHandler(state, agent, (_request, body) => {
    if (typeof body.itn !== "string" || !/^\d{12}$/.test(body.itn)) return ykError(400, "invalid_request", "Invalid itn", "itn");
    const made: YkSelfEmployed = {
      id: `ea-${randomBytes(12).toString("hex")}`,
      status: selfEmployed.includes(body.itn) ? "confirmed" : "unregistered",
      itn: body.itn,
      created_at: now(),
      test: true,
    };
    registry.set(made.id, made);
    return { status: 200, json: made };
  });
  const getSelfEmployed = ykHandler(state, agent, (request) => {
    const found = registry.get(request.params[0] ?? "");
    return found ? { status: 200, json: found } : ykError(404, "not_found", "Self-employed doesn't exist");
  });
  const banks = ykHandler(state, agent, () => ({ status: 200, json: { type: "list", items: SBP_BANKS } }));

  return {
    tokens,
    balance,
    routes: [
      { method: "POST", path: /^\/v3\/payouts$/, api: true, handle: create },
      { method: "GET", path: /^\/v3\/payouts\/([^/]+)$/, api: true, handle: get },
      { method: "POST", path: /^\/v3\/self_employed$/, api: true, handle: register },
      { method: "GET", path: /^\/v3\/self_employed\/([^/]+)$/, api: true, handle: getSelfEmployed },
      { method: "GET", path: /^\/v3\/sbp_banks$/, api: true, handle: banks },
    ],
  };
}
