import { escapeHtml, page, type StandInReply, type StandInRoute } from "./stand-in-http.ts";
import { stripeId, type StripeState } from "./stripe-stand-in-api.ts";
import type { StripeAccount } from "./stripe-stand-in-connect.ts";
import type { StripeCharge, StripePaymentIntent } from "./stripe-stand-in.ts";
import { cardBrand, cardOutcome } from "./test-cards.ts";

const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

function form(action: string, button: string, error: string | null): string {
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">${escapeHtml(button)}</button></form>`;
}

function back(url: string, params: Record<string, string>): StandInReply {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return { status: 303, location: target.toString() };
}

/**
 * The pages a browser meets, played by the stand-in. `/pay` stands for our own page with Stripe's
 * Payment Element (Stripe hosts no page for a bare PaymentIntent): it takes the intent and its client
 * secret, confirms with the typed test card, and returns to `return_url` with `redirect_status` as
 * Stripe.js does. `/connect/onboarding/:account` stands for Connect's hosted onboarding, where the
 * worker gives a debit card for payouts.
 */
export function stripePages(
  state: StripeState,
  intents: Map<string, StripePaymentIntent>,
  charges: Map<string, StripeCharge>,
  accounts: Map<string, StripeAccount>,
): StandInRoute[] {
  const intentOf = (query: URLSearchParams) => {
    const intent = intents.get(query.get("payment_intent") ?? "");
    return intent && intent.client_secret === query.get("payment_intent_client_secret") ? intent : null;
  };
  return [
    {
      method: "GET",
      path: /^\/pay$/,
      api: false,
      handle(request) {
        const intent = intentOf(request.query);
        if (!intent) return { status: 404, html: page("Payment not found", "<p>No such payment.</p>") };
        const amount = `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
        const summary = `<p>${escapeHtml(intent.description ?? "")}</p><p><strong>${escapeHtml(amount)}</strong></p>`;
        if (intent.status !== "requires_payment_method") {
          return { status: 200, html: page("Payment", `${summary}<p>This payment is ${escapeHtml(intent.status)}.</p>`) };
        }
        const declined = intent.last_payment_error ? intent.last_payment_error.message : null;
        return {
          status: 200,
          html: page("Stripe test payment", summary + form(`/pay?${request.query.toString()}`, "Authorise", declined)),
        };
      },
    },
    {
      method: "POST",
      path: /^\/pay$/,
      api: false,
      handle(request) {
        const intent = intentOf(request.query);
        const returnUrl = request.query.get("return_url");
        if (!intent || !returnUrl) return { status: 404, html: page("Payment not found", "<p>No such payment.</p>") };
        const redirect = (status: string) =>
          back(returnUrl, {
            payment_intent: intent.id,
            payment_intent_client_secret: intent.client_secret,
            redirect_status: status,
          });
        if (intent.status !== "requires_payment_method") return redirect(intent.status === "canceled" ? "failed" : "succeeded");
        const typed = new URLSearchParams(request.rawBody).get("card") ?? "";
        const digits = typed.replace(/[\s-]/g, "");
        const outcome = cardOutcome(typed);
        if (outcome === "invalid_number") {
          return {
            status: 200,
            html: page(
              "Stripe test payment",
              form(`/pay?${request.query.toString()}`, "Authorise", "Your card number is invalid."),
            ),
          };
        }
        if (outcome !== "approved") {
          // The intent goes back to requires_payment_method: the payer may try another card.
          intent.last_payment_error = {
            type: "card_error",
            code: "card_declined",
            decline_code: outcome === "insufficient_funds" ? "insufficient_funds" : "generic_decline",
            message: outcome === "insufficient_funds" ? "Your card has insufficient funds." : "Your card was declined.",
          };
          state.emit("payment_intent.payment_failed", intent);
          return redirect("failed");
        }
        const charge: StripeCharge = {
          id: stripeId("ch"),
          object: "charge",
          amount: intent.amount,
          amount_captured: 0,
          amount_refunded: 0,
          captured: false,
          refunded: false,
          currency: intent.currency,
          payment_intent: intent.id,
          status: "succeeded",
          payment_method_details: {
            type: "card",
            card: {
              brand: cardBrand(digits).toLowerCase(),
              last4: digits.slice(-4),
              capture_before: Math.floor(Date.now() / 1000) + SEVEN_DAYS_S,
            },
          },
        };
        charges.set(charge.id, charge);
        intent.status = "requires_capture";
        intent.amount_capturable = intent.amount;
        intent.latest_charge = charge.id;
        intent.payment_method = stripeId("pm");
        intent.last_payment_error = null;
        state.emit("payment_intent.amount_capturable_updated", intent);
        return redirect("succeeded");
      },
    },
    {
      method: "GET",
      path: /^\/connect\/onboarding\/([^/]+)$/,
      api: false,
      handle(request) {
        const account = accounts.get(request.params[0] ?? "");
        if (!account) return { status: 404, html: page("Account not found", "<p>No such account.</p>") };
        return {
          status: 200,
          html: page("Get paid with Stripe", form(`${request.path}?${request.query.toString()}`, "Save debit card", null)),
        };
      },
    },
    {
      method: "POST",
      path: /^\/connect\/onboarding\/([^/]+)$/,
      api: false,
      handle(request) {
        const account = accounts.get(request.params[0] ?? "");
        const returnUrl = request.query.get("return_url");
        if (!account || !returnUrl) return { status: 404, html: page("Account not found", "<p>No such account.</p>") };
        const outcome = cardOutcome(new URLSearchParams(request.rawBody).get("card") ?? "");
        if (outcome === "invalid_number") {
          return {
            status: 200,
            html: page(
              "Get paid with Stripe",
              form(`${request.path}?${request.query.toString()}`, "Save debit card", "Your card number is invalid."),
            ),
          };
        }
        account.details_submitted = true;
        // A card the test numbers decline leaves the account unable to take transfers.
        const usable = outcome !== "declined";
        account.payouts_enabled = usable;
        account.capabilities.transfers = usable ? "active" : "inactive";
        state.emit("account.updated", account);
        return { status: 303, location: returnUrl };
      },
    },
  ];
}
