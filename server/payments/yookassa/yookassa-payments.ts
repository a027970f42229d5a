import type { AuthoriseInput, Hold, PaymentProvider, Refund } from "../payment-provider.ts";
import { failure, type ProviderFailure, type ProviderResult } from "../provider-result.ts";
import { toYooKassaValue } from "./yookassa-amount.ts";
import { yookassaCall, type YooKassaAccount, type YooKassaAnswer, type YooKassaRefusal } from "./yookassa-client.ts";
import { holdOf, refundOf, ykPaymentSchema, ykRefundSchema, type YkPaymentObject } from "./yookassa-objects.ts";

// YooKassa caps a payment's description at 128 characters.
const DESCRIPTION_MAX = 128;

const refusal = (where: string, refused: YooKassaRefusal): ProviderFailure =>
  failure(
    refused.status === 404 ? "not_found" : "rejected",
    `${where}: ${refused.status} ${refused.code} ${refused.description}`,
  );

function asHold(where: string, answer: YooKassaAnswer<YkPaymentObject>): ProviderResult<Hold> {
  if (!answer.ok) return answer;
  if ("refused" in answer.value) return refusal(where, answer.value.refused);
  const hold = holdOf(answer.value.object);
  return hold ? { ok: true, value: hold } : failure("rejected", `${where}: a payment in a currency we do not take`);
}

/**
 * YooKassa's two-stage payments (API v3, `capture: false`): a payment waits for the payer at its
 * redirect confirmation, then for our capture (whole or in part, once) or cancel; it lapses on its own
 * after seven days. Calls go with the shop's credentials.
 */
export function yookassaPayments(account: YooKassaAccount): PaymentProvider {
  const get = async (holdId: string): Promise<ProviderResult<Hold>> =>
    asHold(
      "get payment",
      await yookassaCall(account, { method: "GET", path: `/v3/payments/${encodeURIComponent(holdId)}` }, ykPaymentSchema),
    );

  // YooKassa refuses a capture or cancel in the wrong state with the same code as a bad parameter:
  // ask for the payment to tell which.
  const orWrongState = async (
    where: string,
    answer: YooKassaAnswer<YkPaymentObject>,
    holdId: string,
  ): Promise<ProviderResult<Hold>> => {
    if (answer.ok && "refused" in answer.value && answer.value.refused.status === 400) {
      const current = await get(holdId);
      if (current.ok && current.value.status !== "authorised") {
        return failure("wrong_state", `${where}: the payment is ${current.value.status}`);
      }
    }
    return asHold(where, answer);
  };

  return {
    name: "yookassa",

    async authorise(input: AuthoriseInput) {
      if (input.currency !== "RUB") return failure("rejected", `YooKassa takes RUB only, not ${input.currency}`);
      const answer = await yookassaCall(
        account,
        {
          method: "POST",
          path: "/v3/payments",
          idempotencyKey: input.idempotencyKey,
          body: {
            amount: { value: toYooKassaValue(input.amount), currency: input.currency },
            capture: false,
            confirmation: { type: "redirect", return_url: input.returnUrl },
            description: input.description.slice(0, DESCRIPTION_MAX),
            metadata: { reference: input.reference },
          },
        },
        ykPaymentSchema,
      );
      return asHold("create payment", answer);
    },

    async capture(input) {
      const answer = await yookassaCall(
        account,
        {
          method: "POST",
          path: `/v3/payments/${encodeURIComponent(input.holdId)}/capture`,
          idempotencyKey: input.idempotencyKey,
          body: { amount: { value: toYooKassaValue(input.amount), currency: input.currency } },
        },
        ykPaymentSchema,
      );
      return orWrongState("capture payment", answer, input.holdId);
    },

    async cancel(input) {
      const answer = await yookassaCall(
        account,
        {
          method: "POST",
          path: `/v3/payments/${encodeURIComponent(input.holdId)}/cancel`,
          idempotencyKey: input.idempotencyKey,
          body: {},
        },
        ykPaymentSchema,
      );
      return orWrongState("cancel payment", answer, input.holdId);
    },

    async refund(input): Promise<ProviderResult<Refund>> {
      const answer = await yookassaCall(
        account,
        {
          method: "POST",
          path: "/v3/refunds",
          idempotencyKey: input.idempotencyKey,
          body: {
            payment_id: input.holdId,
            amount: { value: toYooKassaValue(input.amount), currency: input.currency },
            description: input.description.slice(0, 250),
          },
        },
        ykRefundSchema,
      );
      if (!answer.ok) return answer;
      if ("refused" in answer.value) return refusal("create refund", answer.value.refused);
      const refund = refundOf(answer.value.object);
      return refund ? { ok: true, value: refund } : failure("rejected", "create refund: a currency we do not take");
    },

    get,
  };
}
