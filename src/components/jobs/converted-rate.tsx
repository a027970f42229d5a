import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { useExchangeRates } from "../../lib/reader-currency.ts";
import { m } from "../../paraglide/messages.js";

/**
 * "≈ $5.70/hour" beside a job's own rate, in the reader's currency (docs/decisions/022), given the
 * amount `useAmountConverter` wrote; nothing when it wrote none (the job is paid in the reader's
 * currency, has no rate, or no exchange rate is known for either currency).
 */
export function ConvertedRate({ amount, className, testId }: { amount: string | null; className?: string; testId: string }) {
  if (amount === null) return null;
  return (
    <span className={cn("text-muted-foreground", className)} data-testid={testId}>
      {m.job_rate_converted({ amount })}
    </span>
  );
}

/** "Converted at exchange rates as of 20 Nov 2025": the day behind every "≈" and the price buckets. */
export function RatesAsOf({ className }: { className?: string }) {
  const asOf = useExchangeRates().data?.asOf;
  if (!asOf) return null;
  return (
    <p className={cn("text-xs text-muted-foreground", className)} data-testid="rates-as-of">
      {m.rates_as_of({ date: formatDate(asOf) })}
    </p>
  );
}
