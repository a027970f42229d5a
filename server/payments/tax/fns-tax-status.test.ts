import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { startTaxStatusStandIn, type TaxStatusStandIn } from "../stand-ins/tax-status-stand-in.ts";
import type { TaxStatusCheck } from "../tax-status.ts";
import { fnsTaxStatus } from "./fns-tax-status.ts";

let standIn: TaxStatusStandIn;
let check: TaxStatusCheck;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  standIn = await startTaxStatusStandIn({ "500100732259": "2024-03-01" });
  check = fnsTaxStatus({ url: standIn.url, timeoutMs: 300 });
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.faults.latencyMs = 0;
  standIn.faults.failNext = 0;
});

describe("the tax service's self-employed check against its stand-in", () => {
  it("answers whether the ИНН was self-employed on the date", async () => {
    expect(await check.check("500100732259", today)).toMatchObject({ ok: true, value: { selfEmployed: true } });
    expect(await check.check("500100732259", "2024-02-29")).toMatchObject({ ok: true, value: { selfEmployed: false } });
    const other = await check.check("773370857141", today);
    expect(other).toMatchObject({ ok: true, value: { selfEmployed: false } });
    expect(other.ok && other.value.message).toContain("не является");
  });

  it("refuses a mistyped ИНН without asking, and passes on the service's own refusal", async () => {
    expect(await check.check("500100732258", today)).toMatchObject({ ok: false, reason: "rejected" });
    expect(await check.check("7707083893", today)).toMatchObject({ ok: false, reason: "rejected" });
    expect(await check.check("500100732259", "2999-01-01")).toMatchObject({ ok: false, reason: "rejected" });
  });

  it("is unavailable when rate-limited or failing, and times out within its limit", async () => {
    standIn.limitNext.count = 1;
    expect(await check.check("500100732259", today)).toMatchObject({ ok: false, reason: "unavailable" });
    standIn.faults.failNext = 1;
    expect(await check.check("500100732259", today)).toMatchObject({ ok: false, reason: "unavailable" });
    standIn.faults.latencyMs = 1_000;
    const started = performance.now();
    expect(await check.check("500100732259", today)).toMatchObject({ ok: false, reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(600);
  });
});
