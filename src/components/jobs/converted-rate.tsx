import { todayIn } from "../../../domain/age.ts";
import { ratesAreStale } from "../../../domain/money.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { useExchangeRates } from "../../lib/reader-currency.ts";
import { m } from "../../paraglide/messages.js";

/**
 * "≈ $5.70/hour" beside a job's own rate, in the reader's currency (docs/decisions/022), as
 * `useAmountConverter` wrote it; nothing when it wrote none (the job is paid in the reader's
 * currency, has no rate, or no exchange rate is known for either currency).
 */
export function ConvertedRate({ text, className, testId }: { text: string | null; className?: string; testId: string }) {
  if (text === null) return null;
  return (
    <span className={cn("text-muted-foreground", className)} data-testid={testId}>
      {text}
    </span>
  );
}

/**
 * "Converted at exchange rates as of 20 Nov 2025": the day behind every "≈" and the price brackets;
 * rates older than a week say they are out of date and the amounts approximate (docs/decisions/049).
 */
export function RatesAsOf({ className }: { className?: string }) {
  const asOf = useExchangeRates().data?.asOf;
  if (!asOf) return null;
  const stale = ratesAreStale(asOf, todayIn());
  return (
    <p className={cn("text-xs text-muted-foreground", className)} data-testid="rates-as-of" data-stale={stale || undefined}>
      {stale ? m.rates_as_of_stale({ date: formatDate(asOf) }) : m.rates_as_of({ date: formatDate(asOf) })}
    </p>
  );
}
