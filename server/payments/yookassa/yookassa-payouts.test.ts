import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { PayoutDestination } from "../payout-provider.ts";
import { submitCard } from "../stand-ins/webhook-inbox.ts";
import { SBP_UNKNOWN_PHONE } from "../stand-ins/yookassa-stand-in-payouts.ts";
import { startYooKassaStandIn, type YooKassaStandIn } from "../stand-ins/yookassa-stand-in.ts";
import { value } from "../testing/provider-value.ts";
import { yookassaPayouts, type YooKassaPayouts } from "./yookassa-payouts.ts";

const SELF_EMPLOYED_INN = "500100732259";
let standIn: YooKassaStandIn;
let payouts: YooKassaPayouts;

beforeAll(async () => {
  standIn = await startYooKassaStandIn({ selfEmployed: [SELF_EMPLOYED_INN] });
  payouts = yookassaPayouts({
    apiUrl: standIn.url,
    login: standIn.agent.agentId,
    secret: standIn.agent.secretKey,
    timeoutMs: 1_000,
  });
});
afterAll(() => standIn.close());

/** A payout token from YooKassa's card form, as the worker's browser brings it back. */
async function cardToken(card: string): Promise<string> {
  const form = `${standIn.url}/payout-widget?return_url=${encodeURIComponent("http://127.0.0.1:3000/settings/payouts")}`;
  const { status, location } = await submitCard(form, card);
  expect(status).toBe(303);
  const token = new URL(location ?? "").searchParams.get("payout_token");
  if (!token) throw new Error("no payout_token on the return URL");
  return token;
}

const send = (
  destination: PayoutDestination,
  extra: { amount?: number; idempotencyKey?: string; selfEmployedId?: string } = {},
) =>
  payouts.payout({
    amount: extra.amount ?? 480_000,
    currency: "RUB",
    destination,
    idempotencyKey: extra.idempotencyKey ?? randomUUID(),
    description: "Оплата смены 12 мая",
    reference: "payout-1",
    receipt: extra.selfEmployedId
      ? { selfEmployedId: extra.selfEmployedId, serviceName: "Погрузочные работы, 12 мая" }
      : undefined,
  });

async function settled(id: string) {
  return vi.waitFor(async () => {
    const payout = value(await payouts.get(id));
    if (payout.status === "pending") throw new Error("still pending");
    return payout;
  });
}

describe("YooKassa payouts against the stand-in", () => {
  it("pays a self-employed worker's card once per key, with the tax receipt registered", async () => {
    const payee = value(await payouts.registerSelfEmployed({ inn: SELF_EMPLOYED_INN, idempotencyKey: randomUUID() }));
    expect(payee.status).toBe("confirmed");
    const token = await cardToken("5555 5555 5555 4477");
    const key = randomUUID();
    const sent = value(await send({ type: "card_token", token }, { idempotencyKey: key, selfEmployedId: payee.id }));
    expect(sent).toMatchObject({ status: "pending", amount: 480_000, reference: "payout-1" });
    const again = value(await send({ type: "card_token", token }, { idempotencyKey: key, selfEmployedId: payee.id }));
    expect(again.id).toBe(sent.id);

    const done = await settled(sent.id);
    expect(done).toMatchObject({ status: "succeeded", failure: null });
    expect(done.receipt?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/npd\/receipts\//);
  });

  it("pays by SBP to a phone at a listed bank", async () => {
    const banks = value(await payouts.sbpBanks());
    const bankId = banks[0]?.bankId ?? "";
    const sent = value(await send({ type: "sbp", phone: "+7 912 345-67-89", bankId }));
    expect((await settled(sent.id)).status).toBe("succeeded");
  });

  it("says why a payout failed", async () => {
    const declined = value(await send({ type: "card_token", token: await cardToken("4000000000000002") }));
    expect(await settled(declined.id)).toMatchObject({
      status: "failed",
      failure: { reason: "declined", detail: "general_decline" },
    });

    const nobody = value(await send({ type: "sbp", phone: SBP_UNKNOWN_PHONE, bankId: "100000000111" }));
    expect(await settled(nobody.id)).toMatchObject({ status: "failed", failure: { reason: "invalid_payout_method" } });

    const balance = standIn.payoutBalance.minor;
    standIn.payoutBalance.minor = 100;
    const broke = value(await send({ type: "card_token", token: await cardToken("4242424242424242") }));
    expect(await settled(broke.id)).toMatchObject({ status: "failed", failure: { reason: "insufficient_funds" } });
    standIn.payoutBalance.minor = balance;

    const unregistered = value(await payouts.registerSelfEmployed({ inn: "773370857141", idempotencyKey: randomUUID() }));
    expect(unregistered.status).toBe("unregistered");

    expect(await send({ type: "card_token", token: "pt-forged" })).toMatchObject({ ok: false, reason: "invalid_payout_method" });
    expect(await send({ type: "connected_account", accountId: "acct_1" })).toMatchObject({
      ok: false,
      reason: "invalid_payout_method",
    });
  });

  it("uses the payout gateway's own credentials", async () => {
    const withShopKey = yookassaPayouts({
      apiUrl: standIn.url,
      login: standIn.shop.shopId,
      secret: standIn.shop.secretKey,
      timeoutMs: 1_000,
    });
    expect(await withShopKey.sbpBanks()).toMatchObject({ ok: false, reason: "rejected" });
  });
});
