import type { Queryable } from "../../db/database.ts";
import { storeRates } from "../../db/exchange-rates-snapshot.ts";
import { JOB_CURRENCIES, PROFILE_CURRENCIES } from "../../domain/currencies.ts";
import type { ServiceLog } from "../services.ts";
import { decodeFeed, parseCbrDaily } from "./cbr-feed.ts";
import { forgetRates } from "./rates.ts";

const FEED_TIMEOUT_MS = 10_000;
/** The currencies anyone posts or reads prices in: the feed's others are not kept. */
const KEPT = new Set<string>([...JOB_CURRENCIES, ...PROFILE_CURRENCIES]);

/**
 * Reads the configured feed and stores its rates where they are newer than what the table holds
 * (never replacing a newer day with an older one). A feed that does not answer, or answers something
 * else, changes nothing: the rates the table has (at worst the snapshot) stay, and the log says why.
 * Answers how many currencies were updated.
 */
export async function refreshExchangeRates(db: Queryable, url: string, log: ServiceLog): Promise<number> {
  let rates;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    rates = parseCbrDaily(decodeFeed(await response.arrayBuffer(), response.headers.get("content-type")));
    if (!rates) throw new Error("not a Bank of Russia daily rates document");
  } catch (error) {
    log.warn({ url, error: error instanceof Error ? error.message : String(error) }, "exchange rates not refreshed");
    return 0;
  }
  const rows = [["RUB", 1] as const, ...Object.entries(rates.perUnit)]
    .filter(([code]) => KEPT.has(code))
    .map(([currency, perUnit]) => ({ currency, perUnit, base: "RUB", asOf: rates.asOf, source: url }));
  const updated = await storeRates(db, rows, { replace: "notNewer" });
  forgetRates(db);
  return updated.length;
}
