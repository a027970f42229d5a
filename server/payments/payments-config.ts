import { z } from "zod";

import { JOB_CURRENCIES, type JobCurrency } from "../../domain/currencies.ts";
import { PROVIDER_BY_CURRENCY } from "../../domain/pay-mode.ts";
import type { StripeSettings } from "./stripe/stripe-client.ts";
import { FNS_TAX_STATUS_URL } from "./tax/fns-tax-status.ts";
import type { YooKassaAccount } from "./yookassa/yookassa-client.ts";
import { YOOKASSA_NOTIFICATION_SENDERS } from "./yookassa/yookassa-webhooks.ts";

const optional = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);
const httpUrl = z.url({ protocol: /^https?$/ });

const paymentsEnvSchema = z.object({
  YOOKASSA_API_URL: httpUrl.default("https://api.yookassa.ru"),
  YOOKASSA_SHOP_ID: optional,
  YOOKASSA_SECRET_KEY: optional,
  YOOKASSA_AGENT_ID: optional,
  YOOKASSA_PAYOUT_SECRET: optional,
  // "yookassa": only YooKassa's documented addresses may notify; "any": no address check; or CIDRs.
  YOOKASSA_WEBHOOK_SENDERS: z.string().default("yookassa"),
  STRIPE_API_URL: httpUrl.default("https://api.stripe.com"),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_CONFIRM_URL: httpUrl.optional(),
  TAX_STATUS_URL: httpUrl.optional(),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // "auto": outside production, each provider without credentials is played by its stand-in; "off": never.
  PAYMENT_STAND_INS: z.enum(["auto", "off"]).default("auto"),
});

export type PaymentsEnv = z.input<typeof paymentsEnvSchema>;

/** A provider as configured: the real service, its loopback stand-in, or none (its currencies are paid directly). */
export type YooKassaChoice =
  | { kind: "service"; shop: YooKassaAccount; payouts: YooKassaAccount | null; allowedSenders: string[] | null }
  | { kind: "stand-in" }
  | null;
export type StripeChoice = { kind: "service"; settings: StripeSettings } | { kind: "stand-in" } | null;

export type PaymentsConfig = {
  timeoutMs: number;
  yookassa: YooKassaChoice;
  stripe: StripeChoice;
  taxStatus: { kind: "service"; url: string } | { kind: "stand-in" };
};

function pair(a: string | undefined, b: string | undefined, names: string): [string, string] | null {
  if (!a && !b) return null;
  if (!a || !b) throw new Error(`${names} are set together, or neither`);
  return [a, b];
}

function sendersOf(value: string): string[] | null {
  const trimmed = value.trim();
  if (trimmed === "any") return null;
  if (trimmed === "yookassa" || trimmed === "") return YOOKASSA_NOTIFICATION_SENDERS;
  const cidrs = trimmed.split(",").map((c) => c.trim());
  for (const cidr of cidrs) {
    if (!/^[0-9a-f:.]+(\/\d{1,3})?$/i.test(cidr))
      throw new Error(`YOOKASSA_WEBHOOK_SENDERS: "${cidr}" is not an address or CIDR`);
  }
  return cidrs;
}

/**
 * The payment providers from the environment, parsed at boot. A provider with credentials is the real
 * service; without them it is the loopback stand-in outside production (unless PAYMENT_STAND_INS=off),
 * and none in production, where its currencies' jobs are then paid directly. Half a credential pair
 * refuses to boot. The tax check is the tax service itself in production, else its stand-in unless
 * TAX_STATUS_URL names one.
 */
export function paymentsConfig(env: PaymentsEnv, mode: { production: boolean; publicUrl: string }): PaymentsConfig {
  const e = paymentsEnvSchema.parse(env);
  const timeoutMs = e.PAYMENT_TIMEOUT_MS;
  const standIns = !mode.production && e.PAYMENT_STAND_INS === "auto";
  const apiUrl = (url: string) => url.replace(/\/+$/, "");

  const shop = pair(e.YOOKASSA_SHOP_ID, e.YOOKASSA_SECRET_KEY, "YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY");
  const agent = pair(e.YOOKASSA_AGENT_ID, e.YOOKASSA_PAYOUT_SECRET, "YOOKASSA_AGENT_ID and YOOKASSA_PAYOUT_SECRET");
  if (agent && !shop) throw new Error("YooKassa payouts (YOOKASSA_AGENT_ID) need its payments too (YOOKASSA_SHOP_ID)");
  const yookassa: YooKassaChoice = shop
    ? {
        kind: "service",
        shop: { apiUrl: apiUrl(e.YOOKASSA_API_URL), login: shop[0], secret: shop[1], timeoutMs },
        payouts: agent ? { apiUrl: apiUrl(e.YOOKASSA_API_URL), login: agent[0], secret: agent[1], timeoutMs } : null,
        allowedSenders: sendersOf(e.YOOKASSA_WEBHOOK_SENDERS),
      }
    : standIns
      ? { kind: "stand-in" }
      : null;

  const stripeKeys = pair(e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  const stripe: StripeChoice = stripeKeys
    ? {
        kind: "service",
        settings: {
          apiUrl: apiUrl(e.STRIPE_API_URL),
          secretKey: stripeKeys[0],
          webhookSecret: stripeKeys[1],
          // Our page with Stripe's Payment Element, where a payer confirms a hold.
          confirmUrl: e.STRIPE_CONFIRM_URL ?? new URL("/pay/stripe", mode.publicUrl).toString(),
          timeoutMs,
        },
      }
    : standIns
      ? { kind: "stand-in" }
      : null;

  const taxStatus = e.TAX_STATUS_URL
    ? ({ kind: "service", url: e.TAX_STATUS_URL } as const)
    : mode.production || e.PAYMENT_STAND_INS === "off"
      ? ({ kind: "service", url: FNS_TAX_STATUS_URL } as const)
      : ({ kind: "stand-in" } as const);

  return { timeoutMs, yookassa, stripe, taxStatus };
}

/** The currencies a configuration can move money in (the others' jobs are paid directly). */
export function currenciesPaidThrough(config: PaymentsConfig): JobCurrency[] {
  return JOB_CURRENCIES.filter((currency) => {
    const provider = PROVIDER_BY_CURRENCY[currency];
    return provider !== null && config[provider] !== null;
  });
}
