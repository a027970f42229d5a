import { randomBytes } from "node:crypto";

import { escapeHtml, page, type StandInReply, type StandInRoute } from "./stand-in-http.ts";
import { cardBrand, cardOutcome } from "./test-cards.ts";
import type { YooKassaState } from "./yookassa-stand-in-api.ts";
import type { PayoutCard } from "./yookassa-stand-in-payouts.ts";

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

function cardForm(action: string, button: string, error: string | null): string {
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">${escapeHtml(button)}</button></form>`;
}

/** A redirect back to `url` with `params` added to its query. */
function back(url: string, params: Record<string, string> = {}): StandInReply {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return { status: 303, location: target.toString() };
}

/**
 * The pages a browser meets at YooKassa, played by the stand-in: the payment confirmation (the payer
 * types a card; the hold succeeds, is declined or lacks funds as the test card says, and the browser
 * returns to `return_url`), the payout card form (YooKassa's payout widget: a card becomes a payout
 * token, handed back on the return URL as the widget hands it to its callback), and a tax receipt.
 */
export function yookassaPages(state: YooKassaState, tokens: Map<string, PayoutCard>): StandInRoute[] {
  const checkoutPath = "/checkout/payments/v2/contract";
  return [
    {
      method: "GET",
      path: /^\/checkout\/payments\/v2\/contract$/,
      api: false,
      handle(request) {
        const payment = state.payments.get(request.query.get("orderId") ?? "");
        if (!payment) return { status: 404, html: page("Payment not found", "<p>No such payment.</p>") };
        const summary = `<p>${escapeHtml(payment.description ?? "")}</p><p><strong>${escapeHtml(payment.amount.value)} ₽</strong></p>`;
        if (payment.status !== "pending") {
          return { status: 200, html: page("Payment", `${summary}<p>This payment is ${escapeHtml(payment.status)}.</p>`) };
        }
        const action = `${checkoutPath}?orderId=${encodeURIComponent(payment.id)}`;
        return { status: 200, html: page("YooKassa test payment", summary + cardForm(action, "Pay", null)) };
      },
    },
    {
      method: "POST",
      path: /^\/checkout\/payments\/v2\/contract$/,
      api: false,
      handle(request) {
        const payment = state.payments.get(request.query.get("orderId") ?? "");
        if (!payment) return { status: 404, html: page("Payment not found", "<p>No such payment.</p>") };
        const returnUrl = payment.confirmation?.return_url ?? state.url;
        if (payment.status !== "pending") return back(returnUrl);
        const typed = new URLSearchParams(request.rawBody).get("card") ?? "";
        const digits = typed.replace(/[\s-]/g, "");
        const outcome = cardOutcome(typed);
        if (outcome === "invalid_number") {
          const action = `${checkoutPath}?orderId=${encodeURIComponent(payment.id)}`;
          return { status: 200, html: page("YooKassa test payment", cardForm(action, "Pay", "Check the card number")) };
        }
        if (outcome === "approved") {
          payment.status = "waiting_for_capture";
          payment.paid = true;
          payment.expires_at = new Date(Date.now() + SEVEN_DAYS_MS).toISOString();
          payment.payment_method = {
            type: "bank_card",
            id: payment.id,
            saved: false,
            title: `Bank card *${digits.slice(-4)}`,
            card: {
              first6: digits.slice(0, 6),
              last4: digits.slice(-4),
              expiry_month: "12",
              expiry_year: String(new Date().getFullYear() + 3),
              card_type: cardBrand(digits),
              issuer_country: "RU",
            },
          };
          state.notify("payment.waiting_for_capture", payment);
        } else {
          payment.status = "canceled";
          payment.cancellation_details = {
            party: "payment_network",
            reason: outcome === "insufficient_funds" ? "insufficient_funds" : "general_decline",
          };
          state.notify("payment.canceled", payment);
        }
        return back(returnUrl);
      },
    },
    {
      method: "GET",
      path: /^\/payout-widget$/,
      api: false,
      handle(request) {
        const returnUrl = request.query.get("return_url");
        if (!returnUrl) return { status: 400, html: page("Payout card", "<p>return_url is required.</p>") };
        const action = `/payout-widget?return_url=${encodeURIComponent(returnUrl)}`;
        return { status: 200, html: page("Card for payouts", cardForm(action, "Save card", null)) };
      },
    },
    {
      method: "POST",
      path: /^\/payout-widget$/,
      api: false,
      handle(request) {
        const returnUrl = request.query.get("return_url");
        if (!returnUrl) return { status: 400, html: page("Payout card", "<p>return_url is required.</p>") };
        const typed = new URLSearchParams(request.rawBody).get("card") ?? "";
        const digits = typed.replace(/[\s-]/g, "");
        const outcome = cardOutcome(typed);
        if (outcome === "invalid_number") {
          const action = `/payout-widget?return_url=${encodeURIComponent(returnUrl)}`;
          return { status: 200, html: page("Card for payouts", cardForm(action, "Save card", "Check the card number")) };
        }
        const card: PayoutCard = { first6: digits.slice(0, 6), last4: digits.slice(-4), card_type: cardBrand(digits), outcome };
        const token = `pt-${randomBytes(18).toString("base64url")}`;
        tokens.set(token, card);
        return back(returnUrl, { payout_token: token, first6: card.first6, last4: card.last4, card_type: card.card_type });
      },
    },
    {
      method: "GET",
      path: /^\/npd\/receipts\/([^/]+)$/,
      api: false,
      handle(request) {
        return { status: 200, html: page("Чек самозанятого", `<p>Receipt ${escapeHtml(request.params[0] ?? "")}</p>`) };
      },
    },
  ];
}
