import { randomUUID } from "node:crypto";
import { expect } from "vitest";

import type { Database } from "../../../db/database.ts";
import { timesheetAgreed } from "../../../domain/ledger-flows.ts";
import { person } from "../../../domain/ledger.ts";
import type { ProviderCurrency } from "../../../domain/pay-mode.ts";
import { STAND_IN_SELF_EMPLOYED_INN, type Payments } from "../../payments/open-payments.ts";
import { submitCard } from "../../payments/stand-ins/webhook-inbox.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { postTransaction } from "../ledger/post-transaction.ts";

/** Posts a day's agreed pay of `amountMinor` owed by `employerId` to `workerId`, as agreeing hours does. */
export async function agreePay(
  db: Database,
  employerId: string,
  workerId: string,
  currency: ProviderCurrency,
  amountMinor: bigint,
) {
  const sheet = randomUUID();
  const posted = await db.transaction((tx) =>
    postTransaction(tx, {
      ...timesheetAgreed("through_daywork", person(employerId), person(workerId), amountMinor),
      idempotencyKey: `timesheet:${sheet}:agreed`,
      currency,
      causeRef: sheet,
      jobId: null,
    }),
  );
  expect(posted.ok).toBe(true);
}

/** Types `card` into the stand-in's payout card form and answers what it hands back on the return URL. */
export async function payoutCard(payments: Payments | null, card: string) {
  const standIn = payments?.standIns.yookassa;
  if (!standIn) throw new Error("no YooKassa stand-in");
  const form = `${standIn.url}/payout-widget?return_url=${encodeURIComponent("http://localhost:3000/payouts")}`;
  const { location } = await submitCard(form, card);
  const back = new URL(location ?? "");
  return {
    token: back.searchParams.get("payout_token") ?? "",
    last4: back.searchParams.get("last4") ?? "",
    cardType: back.searchParams.get("card_type") ?? "",
  };
}

/**
 * The authorization matrix's payouts (server/trpc/authorization-matrix.test.ts): `workerId` owed 1 000 ₽,
 * self-employed, with two cards (one to make default, one to remove) and a Connect account not yet onboarded.
 */
export async function payoutsFixture(t: TestApp, employerId: string, workerId: string) {
  await agreePay(t.db, employerId, workerId, "RUB", 100_000n);
  const caller = t.callerAs(workerId);
  const card = await caller.payouts.addCard(await payoutCard(t.services.payments, "4242 4242 4242 4242"));
  const spareCard = await caller.payouts.addCard(await payoutCard(t.services.payments, "5555 5555 5555 4477"));
  await caller.payouts.connect({ currency: "EUR" });
  const connected = (await caller.payouts.overview()).methods.find((m) => m.kind === "connected_account");
  await caller.payouts.checkTaxStatus({ inn: STAND_IN_SELF_EMPLOYED_INN });
  if (!connected) throw new Error("no Connect account");
  return { cardId: card.id, spareCardId: spareCard.id, connectedId: connected.id };
}
