import { useQuery } from "@tanstack/react-query";

import { todayIn } from "../../domain/age.ts";
import type { ProfileCurrency } from "../../domain/currencies.ts";
import { convert, ratesAreStale, readerCurrency } from "../../domain/money.ts";
import { m } from "../paraglide/messages.js";
import { trpc } from "../trpc.ts";
import { formatDate, formatMoney } from "./format.ts";
import { currentLanguage } from "./locale.ts";
import { useMe } from "./session.ts";

// Rates change once a working day; an hour old is fresh enough for a "≈" beside a price.
const RATES_STALE_MS = 60 * 60 * 1000;

/**
 * The currency this reader reads prices in (docs/decisions/022, 049): a member's preferred one (set from
 * their country and language when the account was made, changed in /settings), a visitor's from the
 * interface language.
 */
export function useReaderCurrency(): ProfileCurrency {
  return readerCurrency(useMe().data?.profile?.currency, currentLanguage());
}

/** The stored exchange rates and their day (currency.rates), shared by every price on screen. */
export function useExchangeRates() {
  return useQuery({ ...trpc.currency.rates.queryOptions(), staleTime: RATES_STALE_MS });
}

/**
 * A converter of hourly rates into the reader's currency ("≈ $5.70/hour", dated when stale, docs/decisions/049),
 * made once per list rather than per card (docs/decisions/038); null when the job's own amount says it all.
 */
export function useAmountConverter(): (amount: number | null, currency: string) => string | null {
  const reader = useReaderCurrency();
  const rates = useExchangeRates().data;
  return (amount, currency) => {
    if (amount === null || currency === reader || !rates) return null;
    const converted = convert(amount, currency, reader, rates);
    if (converted === null) return null;
    const text = formatMoney(approximate(converted), reader);
    return rates.asOf && ratesAreStale(rates.asOf, todayIn())
      ? m.job_rate_converted_stale({ amount: text, date: formatDate(rates.asOf) })
      : m.job_rate_converted({ amount: text });
  };
}

/** A converted amount as precise as a hint needs: cents below 100, whole units from there ("≈ 67 874 soʻm"). */
function approximate(amount: number): number {
  return amount >= 100 ? Math.round(amount) : amount;
}
