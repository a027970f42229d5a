import { and, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../../db/factories/jobs.ts";
import { createEmployer } from "../../../db/factories/users.ts";
import { exchangeRates, jobs as jobsTable } from "../../../db/schema/index.ts";
import { JOB_CURRENCIES, type JobCurrency, type ProfileCurrency } from "../../../domain/currencies.ts";
import { PRICE_EDGES, PRICE_FILTER_KEYS, type PriceFilterKey } from "../../../domain/job-filter-choices.ts";
import { priceFilterIn } from "../../../domain/money.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { openJobConditions } from "./conditions.ts";
import { priceEdgesOf } from "./price-edges.ts";

// Price brackets are read in the reader's currency with that currency's own edges (docs/decisions/022,
// 049): each job's rate is converted with the stored exchange rates, then compared with 300/500 ₽,
// 1,500/2,500 ₸, 25,000/40,000 soʻm or 15/25 € (the first edge in "mid", the second in "high").
let t: TestApp;
let owner: { id: string };
const jobs: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  owner = await createEmployer(t.db);
  // Round rates (roubles per unit): 1 USD = 80 RUB, 1 EUR = 100 RUB, 1 RUB = 6.25 KZT = 156.25 UZS; GBP has none.
  await t.db.delete(exchangeRates);
  await t.db.insert(exchangeRates).values(
    [
      ["RUB", 1],
      ["USD", 80],
      ["EUR", 100],
      ["KZT", 0.16],
      ["UZS", 0.0064],
    ].map(([currency, perUnit]) => ({
      currency: String(currency),
      perUnit: Number(perUnit),
      base: "RUB",
      asOf: "2025-11-21",
      source: "test",
    })),
  );
  const rates: [string, number | null, JobCurrency][] = [
    // Moscow's day jobs (issue 34: 450-610 ₽) and the rouble edges.
    ["rub-299.99", 299.99, "RUB"],
    ["rub-300", 300, "RUB"],
    ["rub-450", 450, "RUB"],
    ["rub-499.99", 499.99, "RUB"],
    ["rub-500", 500, "RUB"],
    ["rub-610", 610, "RUB"],
    ["rub-1500", 1500, "RUB"],
    ["kzt-1500", 1500, "KZT"],
    ["kzt-2500", 2500, "KZT"],
    ["uzs-24000", 24_000, "UZS"],
    ["uzs-30000", 30_000, "UZS"],
    ["uzs-40000", 40_000, "UZS"],
    ["usd-3.75", 3.75, "USD"],
    ["usd-15", 15, "USD"],
    ["eur-12", 12, "EUR"],
    ["eur-25", 25, "EUR"],
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

describe("price brackets in the reader's currency, with its own edges", () => {
  it.each<[PriceFilterKey, ProfileCurrency | undefined, string[]]>([
    // In roubles, 300 and 500: Moscow's 450-610 ₽ split; 1,500 ₸ is 240 ₽, 2,500 ₸ 400 ₽, 3.75 $ exactly 300 ₽.
    ["low", "RUB", ["kzt-1500", "rub-299.99", "uzs-24000", "uzs-30000", "uzs-40000"]],
    ["mid", "RUB", ["kzt-2500", "rub-300", "rub-450", "rub-499.99", "usd-3.75"]],
    ["high", "RUB", ["eur-12", "eur-25", "rub-1500", "rub-500", "rub-610", "usd-15"]],
    // In tenge, 1,500 and 2,500: 300 ₽ is 1,875 ₸, 450 ₽ 2,812.50 ₸, 40,000 soʻm 1,600 ₸.
    ["low", "KZT", ["uzs-24000", "uzs-30000"]],
    ["mid", "KZT", ["kzt-1500", "rub-299.99", "rub-300", "usd-3.75", "uzs-40000"]],
    ["high", "KZT", ["eur-12", "eur-25", "kzt-2500", "rub-1500", "rub-450", "rub-499.99", "rub-500", "rub-610", "usd-15"]],
    // In soʻm, 25,000 and 40,000: 1,500 ₸ is 37,500 soʻm; every rouble job here is 40,000 soʻm or more.
    ["low", "UZS", ["uzs-24000"]],
    ["mid", "UZS", ["kzt-1500", "uzs-30000"]],
    // In euros, 15 and 25: 1,500 ₽ is exactly 15 €, 15 $ is 12 €.
    ["mid", "EUR", ["rub-1500"]],
    ["high", "EUR", ["eur-25"]],
    // In dollars (also when no currency is named): 12 € is exactly 15 $, 1,500 ₽ 18.75 $.
    ["mid", "USD", ["eur-12", "rub-1500", "usd-15"]],
    ["mid", undefined, ["eur-12", "rub-1500", "usd-15"]],
    // A rate without an exchange rate (GBP here) is in no range; no rate at all is "negotiable".
    ["negotiable", "RUB", ["negotiable"]],
  ])("%s in %s", async (price, currency, expected) => {
    expect(await bucket(price, currency)).toEqual(expected);
  });

  it("puts every priced job in exactly one bracket, whichever currency reads them", async () => {
    const priced = Object.keys(jobs).filter((name) => name !== "negotiable" && name !== "gbp-20");
    for (const reader of ["RUB", "KZT", "UZS", "EUR", "USD"] as const) {
      const found = [...(await bucket("low", reader)), ...(await bucket("mid", reader)), ...(await bucket("high", reader))];
      expect(found.sort()).toEqual([...priced].sort());
    }
  });

  it("reads an older link's key as today's bracket", async () => {
    const page = await t.callerAs(null).jobs.search({ q: "price probe", price: "25-plus", currency: "RUB" });
    expect(page.items).toHaveLength((await bucket("high", "RUB")).length);
  });

  it("agrees with the domain's priceFilterIn, the same rule in TypeScript", async () => {
    const rates = await t.callerAs(null).currency.rates();
    const all = (await t.callerAs(null).jobs.search({ q: "price probe" })).items;
    expect(all).toHaveLength(Object.keys(jobs).length);
    for (const reader of ["USD", "RUB", "KZT", "UZS", "EUR"] as const) {
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
    // Jobs paid in every currency at each edge of every reader's currency and the cents around it.
    const probes: (typeof jobsTable.$inferInsert)[] = [];
    for (const reader of JOB_CURRENCIES)
      for (const currency of JOB_CURRENCIES)
        for (const amount of PRICE_EDGES[reader]) {
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
      for (const price of ["low", "mid", "high"] as const) {
        const filters = { price, currency: reader };
        const edges = await priceEdgesOf(t.db, filters);
        expect(edges).toHaveLength(JOB_CURRENCIES.length);
        const ids = async (conditions: SQL) =>
          (await t.db.select({ id: jobsTable.id }).from(jobsTable).where(and(conditions, probesOnly)).orderBy(jobsTable.id)).map(
            (r) => r.id,
          );
        const converted = await ids(openJobConditions({ filters, text: null, origin: null, priceEdges: null }));
        expect(converted.length).toBeGreaterThan(0);
        expect(await ids(openJobConditions({ filters, text: null, origin: null, priceEdges: edges }))).toEqual(converted);
      }
  });
});
