import { z } from "zod";

import type { Payout, PayoutProvider } from "../payout-provider.ts";
import { failure, type ProviderResult } from "../provider-result.ts";
import { toYooKassaValue } from "./yookassa-amount.ts";
import { yookassaCall, type YooKassaAccount, type YooKassaAnswer } from "./yookassa-client.ts";
import { payoutOf, ykPayoutSchema } from "./yookassa-objects.ts";

const selfEmployedSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "unregistered", "confirmed", "canceled"]),
  confirmation: z.object({ confirmation_url: z.string().optional() }).optional(),
});
const sbpBanksSchema = z.object({ items: z.array(z.object({ bank_id: z.string(), name: z.string(), bic: z.string() })) });

/** A self-employed payee at YooKassa: confirmed once they granted YooKassa rights in «Мой налог». */
export type SelfEmployedPayee = {
  id: string;
  status: z.infer<typeof selfEmployedSchema>["status"];
  confirmationUrl: string | null;
};

/** YooKassa's payouts, with what only it has: its self-employed registry and the SBP bank list. */
export type YooKassaPayouts = PayoutProvider & {
  registerSelfEmployed(input: { inn: string; idempotencyKey: string }): Promise<ProviderResult<SelfEmployedPayee>>;
  sbpBanks(): Promise<ProviderResult<{ bankId: string; name: string; bic: string }[]>>;
};

function read<T, U>(where: string, answer: YooKassaAnswer<T>, map: (object: T) => U | null): ProviderResult<U> {
  if (!answer.ok) return answer;
  if ("refused" in answer.value) {
    const { status, code, description, parameter } = answer.value.refused;
    const detail = `${where}: ${status} ${code} ${description}`;
    if (status === 404) return failure("not_found", detail);
    // A bad token, phone or bank is the payee's destination at fault (YooKassa names the parameter).
    return failure(
      /^(payout_token|payout_destination_data|self_employed)/.test(parameter ?? "") ? "invalid_payout_method" : "rejected",
      detail,
    );
  }
  const value = map(answer.value.object);
  return value === null ? failure("rejected", `${where}: a currency we do not pay in`) : { ok: true, value };
}

/**
 * YooKassa's payouts (API v3 /v3/payouts) with the payout gateway's credentials (agent id and its
 * secret key, not the shop's): to a card token from YooKassa's card form or to a phone through SBP,
 * with the self-employed payee's tax receipt registered by YooKassa when `receipt` is given.
 */
export function yookassaPayouts(account: YooKassaAccount): YooKassaPayouts {
  return {
    name: "yookassa",

    async payout(input): Promise<ProviderResult<Payout>> {
      if (input.currency !== "RUB") return failure("rejected", `YooKassa pays out RUB only, not ${input.currency}`);
      const { destination } = input;
      if (destination.type === "connected_account") {
        return failure("invalid_payout_method", "YooKassa pays to a card token or SBP, not a Stripe account");
      }
      const amount = { value: toYooKassaValue(input.amount), currency: input.currency };
      const answer = await yookassaCall(
        account,
        {
          method: "POST",
          path: "/v3/payouts",
          idempotencyKey: input.idempotencyKey,
          body: {
            amount,
            ...(destination.type === "card_token"
              ? { payout_token: destination.token }
              : {
                  payout_destination_data: {
                    type: "sbp",
                    phone: destination.phone.replace(/\D/g, ""),
                    bank_id: destination.bankId,
                  },
                }),
            description: input.description.slice(0, 128),
            metadata: { reference: input.reference },
            ...(input.receipt
              ? {
                  self_employed: { id: input.receipt.selfEmployedId },
                  receipt_data: { service_name: input.receipt.serviceName, amount },
                }
              : {}),
          },
        },
        ykPayoutSchema,
      );
      return read("create payout", answer, payoutOf);
    },

    async get(payoutId) {
      const answer = await yookassaCall(
        account,
        { method: "GET", path: `/v3/payouts/${encodeURIComponent(payoutId)}` },
        ykPayoutSchema,
      );
      return read("get payout", answer, payoutOf);
    },

    async registerSelfEmployed(input) {
      const answer = await yookassaCall(
        account,
        {
          method: "POST",
          path: "/v3/self_employed",
          idempotencyKey: input.idempotencyKey,
          body: { itn: input.inn, confirmation: { type: "redirect" } },
        },
        selfEmployedSchema,
      );
      return read("register self-employed", answer, (o) => ({
        id: o.id,
        status: o.status,
        confirmationUrl: o.confirmation?.confirmation_url ?? null,
      }));
    },

    async sbpBanks() {
      const answer = await yookassaCall(account, { method: "GET", path: "/v3/sbp_banks" }, sbpBanksSchema);
      return read("list SBP banks", answer, (o) => o.items.map((b) => ({ bankId: b.bank_id, name: b.name, bic: b.bic })));
    },
  };
}
