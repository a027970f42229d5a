import { z } from "zod";

import { ERR } from "./errors.ts";
import { rowIdSchema } from "./ids.ts";
import { personalInnSchema } from "./inn.ts";
import { THROUGH_DAYWORK_CURRENCIES, type ProviderCurrency } from "./pay-mode.ts";

/*
 * Paying workers their earned money (issue 39 item 4, docs/decisions/081): payout methods, the
 * self-employed status for roubles, "take it now" and the daily automatic payout.
 */

/**
 * The least one payout may send, in minor units: below it a transfer costs more than it is worth and
 * the providers' own minimums bite (YooKassa pays out from 1 RUB, Stripe transfers from 1 unit).
 */
export const PAYOUT_MINIMUM_MINOR: Record<ProviderCurrency, bigint> = {
  RUB: 100_00n,
  EUR: 1_00n,
  GBP: 1_00n,
  USD: 1_00n,
};

export const PAYOUT_STATUSES = ["pending", "succeeded", "failed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * Where a worker is paid: a card tokenised by YooKassa's own card form, a phone at a bank of the fast
 * payment system (SBP), or a Stripe Connect account onboarded on Stripe's page.
 */
export const PAYOUT_METHOD_KINDS = ["card_token", "sbp", "connected_account"] as const;
export type PayoutMethodKind = (typeof PAYOUT_METHOD_KINDS)[number];

/** Which provider each kind belongs to: YooKassa pays roubles, Stripe euros, pounds and dollars. */
export const PAYOUT_METHOD_PROVIDER = {
  card_token: "yookassa",
  sbp: "yookassa",
  connected_account: "stripe",
} as const satisfies Record<PayoutMethodKind, "yookassa" | "stripe">;

/**
 * A worker's tax status for roubles: self-employed and registered with the payout provider; checked
 * and not self-employed; or registered but the provider still waits for rights in «Мой налог».
 */
export const TAX_STATUSES = ["self_employed", "not_self_employed", "awaiting_rights"] as const;
export type TaxStatusKind = (typeof TAX_STATUSES)[number];

export { PAYOUT_FAILURE_REASONS, type PayoutFailureKind } from "./payout-failures.ts";

/** Saved methods per worker, and payouts listed on the screen. */
export const PAYOUT_LIMITS = {
  methodsMax: 10,
  /** A saved method's provider destination (token, phone digits, account id) and its label, in characters. */
  destination: 200,
  label: 120,
  history: 50,
  /** A pending payout older than this is asked about (a lost notification still settles). */
  pollAfterMinutes: 10,
  /** A payout the provider took is looked at once this soon after, in case its notification is slow or lost. */
  firstLookSeconds: 20,
  /** Payouts the status sweep asks about per run. */
  pollBatch: 100,
  /** Workers the daily automatic payout takes per run: the rest wait for the next tick. */
  autoBatch: 500,
} as const;

/**
 * Self-employed checks per person: each asks the tax service, which limits requests per address, so
 * one person's loop must not spend everyone's. Ten an hour leave room for typos and "check again".
 */
export const TAX_CHECK_RATE = { limit: 10, windowSeconds: 60 * 60 } as const;

/** The currencies a payout may be taken in: those a provider pays out. */
export const PAYOUT_CURRENCIES = THROUGH_DAYWORK_CURRENCIES;

/** Whether `amountMinor` is enough for one payout in `currency`. */
export function meetsPayoutMinimum(currency: ProviderCurrency, amountMinor: bigint): boolean {
  return amountMinor >= PAYOUT_MINIMUM_MINOR[currency];
}

/** A Russian mobile number as SBP takes it (11 digits, 7 first) from what a person typed, or null. */
export function sbpPhone(typed: string): string | null {
  const digits = typed.replace(/[\s()+-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.length === 11 && digits.startsWith("8") ? `7${digits.slice(1)}` : digits;
  return /^79\d{9}$/.test(national) ? national : null;
}

/** A phone shown on a saved method: only its last four digits ("+7 ••• •••-67-89"). */
export function maskedPhone(phone: string): string {
  return `+7 ••• •••-${phone.slice(-4, -2)}-${phone.slice(-2)}`;
}

const currencySchema = z.enum(PAYOUT_CURRENCIES as [ProviderCurrency, ...ProviderCurrency[]], { error: ERR.payoutCurrency });

/** "Take it now": all the money available in one currency, to the chosen method or the default one. */
export const payoutTakeSchema = z.object({ currency: currencySchema, methodId: rowIdSchema.optional() });

/** One saved method. */
export const payoutMethodRefSchema = z.object({ methodId: rowIdSchema });

/** A card saved through YooKassa's card form: its payout token and what the form says of the card. */
export const payoutCardSchema = z.object({
  // Printable ASCII, as the providers' tokens are: nothing the database or a log line would choke on.
  token: z
    .string({ error: ERR.payoutMethodInvalid })
    .max(PAYOUT_LIMITS.destination, ERR.payoutMethodInvalid)
    .regex(/^[\x21-\x7E]+$/, ERR.payoutMethodInvalid),
  last4: z.string({ error: ERR.payoutMethodInvalid }).regex(/^\d{4}$/, ERR.payoutMethodInvalid),
  cardType: z
    .string({ error: ERR.payoutMethodInvalid })
    .max(40, ERR.payoutMethodInvalid)
    .regex(/^[A-Za-z ]*$/, ERR.payoutMethodInvalid),
});

/** A phone and a bank of the fast payment system. */
export const payoutSbpSchema = z.object({
  phone: z
    .string({ error: ERR.payoutPhoneInvalid })
    .max(30, ERR.payoutPhoneInvalid)
    .transform((typed, ctx) => {
      const phone = sbpPhone(typed);
      if (!phone) ctx.addIssue({ code: "custom", message: ERR.payoutPhoneInvalid });
      return phone ?? "";
    }),
  bankId: z.string({ error: ERR.payoutBankUnknown }).regex(/^\d{1,20}$/, ERR.payoutBankUnknown),
});

/** The countries a Stripe Connect account is opened in, by the currency it is paid in (the worker may say otherwise). */
export const CONNECT_COUNTRIES = ["DE", "FR", "ES", "IT", "NL", "AT", "BE", "IE", "PT", "FI", "GB", "US"] as const;
export const CONNECT_DEFAULT_COUNTRY: Record<Exclude<ProviderCurrency, "RUB">, (typeof CONNECT_COUNTRIES)[number]> = {
  EUR: "DE",
  GBP: "GB",
  USD: "US",
};

/** Opening a Stripe Connect account for payouts in euros, pounds or dollars. */
export const payoutConnectSchema = z.object({
  country: z.enum(CONNECT_COUNTRIES, { error: ERR.payoutCountry }).optional(),
  currency: z.enum(["EUR", "GBP", "USD"], { error: ERR.payoutCurrency }),
});

/** A worker's ИНН, to be checked as self-employed. */
export const payoutTaxSchema = z.object({ inn: personalInnSchema });

/** The daily automatic payout, on or off. */
export const autoPayoutSchema = z.object({ enabled: z.boolean({ error: ERR.badRequest }) });

/** One payout's idempotency key at the provider: made with the payout, reused by every retry of it. */
export const payoutProviderKey = (payoutId: string) => `payout:${payoutId}`;

/** The ledger's keys of a payout's three possible transactions. */
export const payoutLedgerKey = (payoutId: string, step: "requested" | "paid" | "failed") => `payout:${payoutId}:${step}`;

/** What a payout says at the provider (shown in the worker's bank statement). */
export const PAYOUT_DESCRIPTION = "Daywork: оплата работ";

/**
 * The service named on a self-employed worker's tax receipt («Мой налог»): what they were paid for,
 * in Russian as the tax service registers it.
 */
export const PAYOUT_RECEIPT_SERVICE = "Выполнение разовых работ по заказам через сервис Daywork";
