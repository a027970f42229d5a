import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer } from "../../db/factories/users.ts";
import { exchangeRates } from "../../db/schema/index.ts";
import type { JobCurrency, ProfileCurrency } from "../../domain/currencies.ts";
import { PRICE_FILTER_KEYS, type PriceFilterKey } from "../../domain/job-filters.ts";
import { priceFilterIn } from "../../domain/money.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// Price buckets are read in the reader's currency (docs/decisions/022): each job's rate is converted
// with the stored exchange rates, the edges 15 and 25 then compared as always (15 in, 25 out).
let t: TestApp;
let owner: { id: string };
const jobs: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  owner = await createEmployer(t.db);
  // Round rates (roubles per unit): 1 USD = 80 RUB = 0.8 EUR = 500 KZT; GBP has none.
  await t.db.delete(exchangeRates);
  await t.db.insert(exchangeRates).values(
    [
      ["RUB", 1],
      ["USD", 80],
      ["EUR", 100],
      ["KZT", 0.16],
    ].map(([currency, perUnit]) => ({
      currency: String(currency),
      perUnit: Number(perUnit),
      base: "RUB",
      asOf: "2025-11-21",
      source: "test",
    })),
  );
  const rates: [string, number | null, JobCurrency][] = [
    ["usd-15", 15, "USD"],
    ["usd-14.99", 14.99, "USD"],
    ["usd-25", 25, "USD"],
    ["rub-1200", 1200, "RUB"],
    ["rub-1199.99", 1199.99, "RUB"],
    ["kzt-7500", 7500, "KZT"],
    ["kzt-12500", 12500, "KZT"],
    ["eur-12", 12, "EUR"],
    ["gbp-20", 20, "GBP"],
    ["negotiable", null, "RUB"],
  ];
  for (const [name, hourlyRate, currency] of rates)
    jobs[name] = (await createJob(t.db, owner.id, { title: `Price probe ${name}`, hourlyRate, currency })).id;
});
afterAll(() => t.close());

async function bucket(price: PriceFilterKey, currency?: ProfileCurrency): Promise<string[]> {
  const page = await t.callerAs(null).jobs.search({ q: "price probe", price, currency });
  const names = Object.fromEntries(Object.entries(jobs).map(([name, id]) => [id, name]));
  return page.items.map((j) => names[j.id] ?? j.id).sort();
}

describe("price buckets in the reader's currency", () => {
  it.each<[PriceFilterKey, ProfileCurrency | undefined, string[]]>([
    // In dollars (also when no currency is named): 1,200 ₽ and 7,500 ₸ are exactly 15 $, 12 € is 15 $.
    ["under-15", "USD", ["rub-1199.99", "usd-14.99"]],
    ["15-25", "USD", ["eur-12", "kzt-7500", "rub-1200", "usd-15"]],
    ["25-plus", "USD", ["kzt-12500", "usd-25"]],
    ["15-25", undefined, ["eur-12", "kzt-7500", "rub-1200", "usd-15"]],
    // In roubles: 15 to 25 roubles is nothing here; every priced job is 25 ₽ or more.
    ["15-25", "RUB", []],
    ["25-plus", "RUB", ["eur-12", "kzt-12500", "kzt-7500", "rub-1199.99", "rub-1200", "usd-14.99", "usd-15", "usd-25"]],
    // In tenge: 7,500 ₸ is 25 ₸ or more, and so is everything else priced.
    ["under-15", "KZT", []],
    // A rate without an exchange rate (GBP here) is in no range; no rate at all is "negotiable".
    ["negotiable", "USD", ["negotiable"]],
  ])("%s in %s", async (price, currency, expected) => {
    expect(await bucket(price, currency)).toEqual(expected);
  });

  it("never puts a job whose currency has no rate in a range", async () => {
    for (const price of ["under-15", "15-25", "25-plus"] as const) expect(await bucket(price, "EUR")).not.toContain("gbp-20");
  });

  it("agrees with the domain's priceFilterIn, the same rule in TypeScript", async () => {
    const rates = await t.callerAs(null).currency.rates();
    const all = (await t.callerAs(null).jobs.search({ q: "price probe" })).items;
    expect(all).toHaveLength(Object.keys(jobs).length);
    for (const reader of ["USD", "RUB", "KZT", "EUR"] as const) {
      const found = new Map<string, PriceFilterKey>();
      for (const price of PRICE_FILTER_KEYS) {
        const page = await t.callerAs(null).jobs.search({ q: "price probe", price, currency: reader });
        for (const job of page.items) found.set(job.id, price);
      }
      const inSearch = all.map((job) => [job.hourlyRate, job.currency, found.get(job.id) ?? null]);
      const inDomain = all.map((job) => [
        job.hourlyRate,
        job.currency,
        priceFilterIn(job.hourlyRate, job.currency, reader, rates),
      ]);
      expect(inSearch).toEqual(inDomain);
    }
  });
});
