import { and, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer } from "../../db/factories/users.ts";
import { exchangeRates, jobs as jobsTable } from "../../db/schema/index.ts";
import { JOB_CURRENCIES, type JobCurrency, type ProfileCurrency } from "../../domain/currencies.ts";
import { PRICE_FILTER_KEYS, type PriceFilterKey } from "../../domain/job-filter-choices.ts";
import { priceFilterIn } from "../../domain/money.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { openJobConditions, priceEdgesOf } from "./open-job-conditions.ts";

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

const PROBE = {
  description: "Probe of a price edge, nothing to do.",
  category: "other",
  durationDays: 1,
  startDate: "2030-01-01",
  language: "en",
} as const;

describe("price ranges read from jobs_open_price_idx", () => {
  it("put every rate around each converted edge in the same bucket as converting each job's rate", async () => {
    // Rates with as many decimals as the Bank of Russia publishes (roubles per unit).
    const perUnit: Record<string, number> = {
      RUB: 1,
      USD: 79.3548,
      EUR: 91.4729,
      GBP: 103.9562,
      KZT: 0.152351,
      UZS: 0.00663124,
      TMT: 22.6728,
    };
    await t.db.delete(exchangeRates);
    await t.db.insert(exchangeRates).values(
      Object.entries(perUnit).map(([currency, unit]) => ({
        currency,
        perUnit: unit,
        base: "RUB",
        asOf: "2025-11-21",
        source: "test",
      })),
    );
    // Jobs paid in every currency at each edge (15 and 25 of every reader's currency) and the cents around it.
    const probes: (typeof jobsTable.$inferInsert)[] = [];
    for (const reader of JOB_CURRENCIES)
      for (const currency of JOB_CURRENCIES)
        for (const amount of [15, 25]) {
          const edge = Math.round(((amount * (perUnit[reader] ?? 0)) / (perUnit[currency] ?? 1)) * 100) / 100;
          for (const offset of [-0.02, -0.01, 0, 0.01, 0.02]) {
            const hourlyRate = Math.round((edge + offset) * 100) / 100;
            if (hourlyRate >= 0)
              probes.push({ ...PROBE, employerId: owner.id, title: `Edge probe ${probes.length}`, hourlyRate, currency });
          }
        }
    await t.db.insert(jobsTable).values(probes);
    const probesOnly = sql`${jobsTable.title} like 'Edge probe %'`;
    for (const reader of JOB_CURRENCIES)
      for (const price of ["under-15", "15-25", "25-plus"] as const) {
        const filters = { price, currency: reader };
        const edges = await priceEdgesOf(t.db, filters);
        expect(edges).toHaveLength(JOB_CURRENCIES.length);
        const ids = async (conditions: SQL) =>
          (await t.db.select({ id: jobsTable.id }).from(jobsTable).where(and(conditions, probesOnly)).orderBy(jobsTable.id)).map(
            (r) => r.id,
          );
        const converted = await ids(openJobConditions(filters, null, null, null));
        expect(converted.length).toBeGreaterThan(0);
        expect(await ids(openJobConditions(filters, null, null, edges))).toEqual(converted);
      }
  });
});
