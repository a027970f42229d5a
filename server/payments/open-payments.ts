import { PROVIDER_BY_CURRENCY } from "../../domain/pay-mode.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import type { PaymentsConfig } from "./payments-config.ts";
import type { PayoutProvider } from "./payout-provider.ts";
import { isProviderCurrency } from "./provider-result.ts";
import { startStripeStandIn, type StripeStandIn } from "./stand-ins/stripe-stand-in.ts";
import { startTaxStatusStandIn, type TaxStatusStandIn } from "./stand-ins/tax-status-stand-in.ts";
import { startYooKassaStandIn, type YooKassaStandIn } from "./stand-ins/yookassa-stand-in.ts";
import { stripeClient, type StripeSettings } from "./stripe/stripe-client.ts";
import { stripePayments } from "./stripe/stripe-payments.ts";
import { stripePayouts, type StripePayouts } from "./stripe/stripe-payouts.ts";
import { stripeWebhooks } from "./stripe/stripe-webhooks.ts";
import type { TaxStatusCheck } from "./tax-status.ts";
import { fnsTaxStatus } from "./tax/fns-tax-status.ts";
import type { WebhookVerifier } from "./webhook-event.ts";
import type { YooKassaAccount } from "./yookassa/yookassa-client.ts";
import { yookassaPayments } from "./yookassa/yookassa-payments.ts";
import { yookassaPayouts, type YooKassaPayouts } from "./yookassa/yookassa-payouts.ts";
import { yookassaWebhooks } from "./yookassa/yookassa-webhooks.ts";

/** The ИНН the development stand-ins know as self-employed (since 2019), for trying payouts locally. */
export const STAND_IN_SELF_EMPLOYED_INN = "500100732259";

export type ProviderPair = { payments: PaymentProvider; payouts: PayoutProvider | null };

/** The configured providers, ready to call. */
export type Payments = {
  /** The provider that moves money in `currency`; null: jobs in it are paid directly. */
  providerFor(currency: string): ProviderPair | null;
  yookassa: { payments: PaymentProvider; payouts: YooKassaPayouts | null; webhooks: WebhookVerifier } | null;
  stripe: { payments: PaymentProvider; payouts: StripePayouts; webhooks: WebhookVerifier } | null;
  taxStatus: TaxStatusCheck;
  /** The stand-ins started for this configuration (development and tests), for journeys to steer. */
  standIns: { yookassa: YooKassaStandIn | null; stripe: StripeStandIn | null; taxStatus: TaxStatusStandIn | null };
  close(): Promise<void>;
};

/**
 * Builds the providers of `config`, starting on loopback the stand-ins it asks for. `webhookUrls`
 * are our routes that receive each provider's notifications: the stand-ins deliver there.
 */
export async function openPayments(
  config: PaymentsConfig,
  webhookUrls: { yookassa: string | null; stripe: string | null } = { yookassa: null, stripe: null },
): Promise<Payments> {
  const { timeoutMs } = config;
  const [ykStandIn, stripeStandIn, taxStandIn] = await Promise.all([
    config.yookassa?.kind === "stand-in" ? startYooKassaStandIn({ selfEmployed: [STAND_IN_SELF_EMPLOYED_INN] }) : null,
    config.stripe?.kind === "stand-in" ? startStripeStandIn() : null,
    config.taxStatus.kind === "stand-in" ? startTaxStatusStandIn({ [STAND_IN_SELF_EMPLOYED_INN]: "2019-01-01" }) : null,
  ]);

  let yookassa: Payments["yookassa"] = null;
  let shop: YooKassaAccount | null = null;
  let payoutAccount: YooKassaAccount | null = null;
  let allowedSenders: string[] | null = null;
  if (config.yookassa?.kind === "service") ({ shop, payouts: payoutAccount, allowedSenders } = config.yookassa);
  if (ykStandIn) {
    ykStandIn.notifications.target = webhookUrls.yookassa;
    shop = { apiUrl: ykStandIn.url, login: ykStandIn.shop.shopId, secret: ykStandIn.shop.secretKey, timeoutMs };
    payoutAccount = { apiUrl: ykStandIn.url, login: ykStandIn.agent.agentId, secret: ykStandIn.agent.secretKey, timeoutMs };
  }
  if (shop) {
    yookassa = {
      payments: yookassaPayments(shop),
      payouts: payoutAccount ? yookassaPayouts(payoutAccount) : null,
      webhooks: yookassaWebhooks({ shop, payouts: payoutAccount, allowedSenders }),
    };
  }

  let stripe: Payments["stripe"] = null;
  let settings: StripeSettings | null = config.stripe?.kind === "service" ? config.stripe.settings : null;
  if (stripeStandIn) {
    stripeStandIn.notifications.target = webhookUrls.stripe;
    settings = {
      apiUrl: stripeStandIn.url,
      secretKey: stripeStandIn.secretKey,
      webhookSecret: stripeStandIn.webhookSecret,
      confirmUrl: stripeStandIn.confirmUrl,
      timeoutMs,
    };
  }
  if (settings) {
    const client = stripeClient(settings);
    stripe = {
      payments: stripePayments(client, settings),
      payouts: stripePayouts(client),
      webhooks: stripeWebhooks(client, settings),
    };
  }

  const taxStatus = fnsTaxStatus({
    url: taxStandIn ? taxStandIn.url : config.taxStatus.kind === "service" ? config.taxStatus.url : "",
    timeoutMs,
  });

  return {
    providerFor(currency) {
      if (!isProviderCurrency(currency)) return null;
      const name = PROVIDER_BY_CURRENCY[currency];
      const chosen = name === "yookassa" ? yookassa : name === "stripe" ? stripe : null;
      return chosen && { payments: chosen.payments, payouts: chosen.payouts };
    },
    yookassa,
    stripe,
    taxStatus,
    standIns: { yookassa: ykStandIn, stripe: stripeStandIn, taxStatus: taxStandIn },
    async close() {
      await Promise.all([ykStandIn?.close(), stripeStandIn?.close(), taxStandIn?.close()]);
    },
  };
}
