import { describe, expect, it } from "vitest";

import { currenciesPaidThrough, paymentsConfig } from "./payments-config.ts";
import { FNS_TAX_STATUS_URL } from "./tax/fns-tax-status.ts";
import { YOOKASSA_NOTIFICATION_SENDERS } from "./yookassa/yookassa-webhooks.ts";

const dev = { production: false, publicUrl: "http://localhost:3000" };
const prod = { production: true, publicUrl: "https://daywork.example" };

describe("paymentsConfig", () => {
  it("plays every provider with its stand-in in development when nothing is configured", () => {
    const config = paymentsConfig({}, dev);
    expect(config).toMatchObject({
      timeoutMs: 10_000,
      yookassa: { kind: "stand-in" },
      stripe: { kind: "stand-in" },
      taxStatus: { kind: "stand-in" },
    });
    expect(currenciesPaidThrough(config)).toEqual(["RUB", "EUR", "USD", "GBP"]);
  });

  it("uses no provider in production without credentials: those jobs are paid directly", () => {
    const config = paymentsConfig({}, prod);
    expect(config).toMatchObject({ yookassa: null, stripe: null, taxStatus: { kind: "service", url: FNS_TAX_STATUS_URL } });
    expect(currenciesPaidThrough(config)).toEqual([]);
    expect(paymentsConfig({ PAYMENT_STAND_INS: "off" }, dev)).toMatchObject({ yookassa: null, stripe: null });
  });

  it("reads the real services' credentials", () => {
    const config = paymentsConfig(
      {
        YOOKASSA_SHOP_ID: "100500",
        YOOKASSA_SECRET_KEY: "live_secret",
        YOOKASSA_AGENT_ID: "505050",
        YOOKASSA_PAYOUT_SECRET: "payout_secret",
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        PAYMENT_TIMEOUT_MS: "5000",
      },
      prod,
    );
    expect(config.yookassa).toEqual({
      kind: "service",
      shop: { apiUrl: "https://api.yookassa.ru", login: "100500", secret: "live_secret", timeoutMs: 5_000 },
      payouts: { apiUrl: "https://api.yookassa.ru", login: "505050", secret: "payout_secret", timeoutMs: 5_000 },
      allowedSenders: YOOKASSA_NOTIFICATION_SENDERS,
    });
    expect(config.stripe).toEqual({
      kind: "service",
      settings: {
        apiUrl: "https://api.stripe.com",
        secretKey: "sk_live_x",
        webhookSecret: "whsec_x",
        confirmUrl: "https://daywork.example/pay/stripe",
        timeoutMs: 5_000,
      },
    });
  });

  it("refuses half a credential pair, payouts without payments and a bad sender list", () => {
    expect(() => paymentsConfig({ YOOKASSA_SHOP_ID: "1" }, dev)).toThrow(/set together/);
    expect(() => paymentsConfig({ STRIPE_SECRET_KEY: "sk" }, dev)).toThrow(/set together/);
    expect(() => paymentsConfig({ YOOKASSA_AGENT_ID: "1", YOOKASSA_PAYOUT_SECRET: "s" }, dev)).toThrow(/need its payments/);
    const shop = { YOOKASSA_SHOP_ID: "1", YOOKASSA_SECRET_KEY: "s" };
    expect(() => paymentsConfig({ ...shop, YOOKASSA_WEBHOOK_SENDERS: "not an address" }, dev)).toThrow(/CIDR/);
    expect(paymentsConfig({ ...shop, YOOKASSA_WEBHOOK_SENDERS: "any" }, dev).yookassa).toMatchObject({ allowedSenders: null });
    expect(() => paymentsConfig({ STRIPE_API_URL: "ftp://x" }, dev)).toThrow();
  });
});
