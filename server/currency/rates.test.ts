import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { exchangeRates } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { parseCbrDaily } from "./cbr-feed.ts";
import { currentRates, RATES_CACHE_MS } from "./rates.ts";
import { refreshExchangeRates } from "./refresh-rates.ts";

// The Bank of Russia's feed, as it is sent: windows-1251, Nominal units, decimal commas.
function cbrDocument(date: string, values: { code: string; name: string; nominal: number; value: string }[]): string {
  const valutes = values
    .map(
      (v, i) =>
        `<Valute ID="R0${i}"><NumCode>${100 + i}</NumCode><CharCode>${v.code}</CharCode><Nominal>${v.nominal}</Nominal><Name>${v.name}</Name><Value>${v.value}</Value><VunitRate>0</VunitRate></Valute>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="${date}" name="Foreign Currency Market">${valutes}</ValCurs>`;
}
/** windows-1251 bytes of ASCII and Russian letters (А…я are 0xC0…0xFF there). */
function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((c) => (c.charCodeAt(0) >= 0x410 && c.charCodeAt(0) <= 0x44f ? c.charCodeAt(0) - 0x350 : c.charCodeAt(0))),
  );
}

const DAY_ONE = cbrDocument("21.11.2025", [
  { code: "USD", name: "Доллар США", nominal: 1, value: "80,5000" },
  { code: "KZT", name: "Казахстанских тенге", nominal: 100, value: "15,4000" },
  { code: "UZS", name: "Узбекских сумов", nominal: 10000, value: "67,1000" },
  { code: "XDR", name: "СДР", nominal: 1, value: "110,0000" },
]);

let t: TestApp;
let feed: Server;
let feedUrl: string;
let answer: { status: number; body: Buffer } = { status: 200, body: cp1251(DAY_ONE) };
const log = { info: () => {}, warn: () => {} };
beforeAll(async () => {
  t = await createTestApp();
  feed = createServer((_req, res) => {
    res.writeHead(answer.status, { "content-type": "application/xml; charset=windows-1251" });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/scripts/XML_daily.asp`;
});
afterAll(async () => {
  await new Promise((resolve) => feed.close(resolve));
  await t.close();
});

const rateOf = async (currency: string) => (await t.db.select().from(exchangeRates)).find((r) => r.currency === currency);

describe("the Bank of Russia's daily document", () => {
  it("reads roubles per one unit, whatever the nominal, and the day", () => {
    expect(parseCbrDaily(DAY_ONE)).toEqual({ asOf: "2025-11-21", perUnit: { USD: 80.5, KZT: 0.154, UZS: 0.00671, XDR: 110 } });
  });

  it("is not taken from a page of another kind", () => {
    expect(parseCbrDaily("<html><body>Service unavailable</body></html>")).toBeNull();
    expect(parseCbrDaily('<ValCurs Date="21.11.2025"></ValCurs>')).toBeNull();
  });
});

describe("the refresh job", () => {
  it("starts from the committed snapshot, so prices convert offline", async () => {
    expect(await rateOf("USD")).toMatchObject({ base: "RUB", source: "snapshot" });
    expect(await rateOf("RUB")).toMatchObject({ perUnit: 1 });
  });

  it("stores the feed's newer rates over HTTP (windows-1251), keeping only currencies we use", async () => {
    expect(await refreshExchangeRates(t.db, feedUrl, log)).toBe(4);
    expect(await rateOf("USD")).toMatchObject({ perUnit: 80.5, asOf: "2025-11-21", source: feedUrl });
    expect(await rateOf("UZS")).toMatchObject({ perUnit: 0.00671 });
    expect(await rateOf("XDR")).toBeUndefined();
  });

  it("never replaces a newer day with an older one", async () => {
    answer = {
      status: 200,
      body: cp1251(cbrDocument("20.11.2025", [{ code: "USD", name: "Доллар США", nominal: 1, value: "70,0000" }])),
    };
    expect(await refreshExchangeRates(t.db, feedUrl, log)).toBe(0);
    expect(await rateOf("USD")).toMatchObject({ perUnit: 80.5, asOf: "2025-11-21" });
  });

  it("keeps the rates it has when the feed fails or answers something else, and says so in the log", async () => {
    const warnings: string[] = [];
    const watching = { info: () => {}, warn: (_fields: object, message: string) => void warnings.push(message) };
    answer = { status: 503, body: Buffer.from("busy") };
    expect(await refreshExchangeRates(t.db, feedUrl, watching)).toBe(0);
    answer = { status: 200, body: Buffer.from("<html>maintenance</html>") };
    expect(await refreshExchangeRates(t.db, feedUrl, watching)).toBe(0);
    expect(await refreshExchangeRates(t.db, "http://127.0.0.1:1/nothing-listens", watching)).toBe(0);
    expect(warnings).toEqual(["exchange rates not refreshed", "exchange rates not refreshed", "exchange rates not refreshed"]);
    expect(await rateOf("USD")).toMatchObject({ perUnit: 80.5 });
  });

  it("answers the rates and their day to anyone (currency.rates)", async () => {
    const rates = await t.callerAs(null).currency.rates();
    expect(rates).toMatchObject({ base: "RUB", asOf: "2025-11-21" });
    expect(rates.perUnit.KZT).toBeCloseTo(0.154);
  });

  it("answers from memory for a while, and from the table again after a refresh or once the while has passed", async () => {
    const before = await currentRates(t.db);
    // A row changed behind the instance's back (another instance's refresh) shows once the cache expires.
    await t.db.update(exchangeRates).set({ perUnit: 81 }).where(eq(exchangeRates.currency, "USD"));
    expect((await currentRates(t.db)).perUnit.USD).toBe(before.perUnit.USD);
    expect((await currentRates(t.db, Date.now() + RATES_CACHE_MS + 1)).perUnit.USD).toBe(81);
    // This instance's own refresh is seen at once.
    answer = {
      status: 200,
      body: cp1251(cbrDocument("22.11.2025", [{ code: "USD", name: "Доллар США", nominal: 1, value: "82,0000" }])),
    };
    expect(await refreshExchangeRates(t.db, feedUrl, log)).toBeGreaterThan(0);
    expect(await currentRates(t.db)).toMatchObject({ asOf: "2025-11-22", perUnit: { USD: 82 } });
  });
});
