import type { StandInRoute } from "./stand-in-http.ts";
import { noSuch, obj, str, strings, stripeError, stripeHandler, stripeId, type StripeState } from "./stripe-stand-in-api.ts";

/** A Connect account, as far as the stand-in keeps it: transfers work once onboarding is done. */
export type StripeAccount = {
  id: string;
  object: "account";
  type: "express";
  country: string;
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: { transfers: "active" | "inactive" | "pending" };
  metadata: Record<string, string>;
  created: number;
};

type StripeTransfer = {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  balance_transaction: string;
  created: number;
  currency: string;
  description: string | null;
  destination: string;
  destination_payment: string;
  livemode: false;
  metadata: Record<string, string>;
  reversed: boolean;
  transfer_group: string | null;
};

/**
 * Stripe Connect as the stand-in plays it: Express accounts, onboarding links to the stand-in's
 * page, and transfers from the platform's balance to an account whose transfers capability is active.
 */
export function stripeConnectRoutes(state: StripeState): {
  routes: StandInRoute[];
  accounts: Map<string, StripeAccount>;
  balance: Record<string, number>;
} {
  const accounts = new Map<string, StripeAccount>();
  const transfers = new Map<string, StripeTransfer>();
  const balance: Record<string, number> = { eur: 100_000_000, gbp: 100_000_000, usd: 100_000_000 };
  const now = () => Math.floor(Date.now() / 1000);

  const createAccount = stripeHandler(state, (_request, params) => {
    const account: StripeAccount = {
      id: stripeId("acct"),
      object: "account",
      type: "express",
      country: str(params, "country") ?? "DE",
      email: str(params, "email") ?? null,
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
      capabilities: { transfers: "inactive" },
      metadata: strings(obj(params, "metadata")),
      created: now(),
    };
    accounts.set(account.id, account);
    return { status: 200, json: account };
  });

  const getAccount = stripeHandler(state, (request) => {
    const account = accounts.get(request.params[0] ?? "");
    return account ? { status: 200, json: account } : noSuch("account", request.params[0] ?? "", "account");
  });

  const accountLink = stripeHandler(state, (_request, params) => {
    const id = str(params, "account") ?? "";
    if (!accounts.has(id)) return noSuch("account", id, "account");
    const returnUrl = str(params, "return_url");
    const refreshUrl = str(params, "refresh_url");
    if (!returnUrl || !refreshUrl)
      return stripeError(400, "invalid_request_error", "Missing required param: return_url.", { param: "return_url" });
    const url = `${state.url}/connect/onboarding/${id}?return_url=${encodeURIComponent(returnUrl)}`;
    return { status: 200, json: { object: "account_link", created: now(), expires_at: now() + 300, url } };
  });

  const createTransfer = stripeHandler(state, (_request, params) => {
    const amount = Number(str(params, "amount"));
    const currency = str(params, "currency") ?? "";
    const destination = str(params, "destination") ?? "";
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(400, "invalid_request_error", "Invalid integer: amount", { param: "amount" });
    const account = accounts.get(destination);
    if (!account) {
      return stripeError(400, "invalid_request_error", `No such destination: '${destination}'`, {
        code: "resource_missing",
        param: "destination",
      });
    }
    if (account.capabilities.transfers !== "active") {
      return stripeError(
        400,
        "invalid_request_error",
        "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
        { code: "insufficient_capabilities_for_transfer", param: "destination" },
      );
    }
    if ((balance[currency] ?? 0) < amount) {
      return stripeError(400, "invalid_request_error", "You have insufficient available funds in your Stripe account.", {
        code: "balance_insufficient",
      });
    }
    balance[currency] = (balance[currency] ?? 0) - amount;
    const transfer: StripeTransfer = {
      id: stripeId("tr"),
      object: "transfer",
      amount,
      amount_reversed: 0,
      balance_transaction: stripeId("txn"),
      created: now(),
      currency,
      description: str(params, "description") ?? null,
      destination,
      destination_payment: stripeId("py"),
      livemode: false,
      metadata: strings(obj(params, "metadata")),
      reversed: false,
      transfer_group: str(params, "transfer_group") ?? null,
    };
    transfers.set(transfer.id, transfer);
    state.emit("transfer.created", transfer);
    return { status: 200, json: transfer };
  });

  const getTransfer = stripeHandler(state, (request) => {
    const transfer = transfers.get(request.params[0] ?? "");
    return transfer ? { status: 200, json: transfer } : noSuch("transfer", request.params[0] ?? "");
  });

  return {
    accounts,
    balance,
    routes: [
      { method: "POST", path: /^\/v1\/accounts$/, api: true, handle: createAccount },
      { method: "GET", path: /^\/v1\/accounts\/([^/]+)$/, api: true, handle: getAccount },
      { method: "POST", path: /^\/v1\/account_links$/, api: true, handle: accountLink },
      { method: "POST", path: /^\/v1\/transfers$/, api: true, handle: createTransfer },
      { method: "GET", path: /^\/v1\/transfers\/([^/]+)$/, api: true, handle: getTransfer },
    ],
  };
}
