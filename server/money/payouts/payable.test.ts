import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  agreeDay,
  confirmOnStandIn,
  deliveriesDone,
  hireThroughProcedure,
  holdsOf,
  listenForWebhooks,
  throughDayworkJob,
} from "../holds/holds-test-kit.ts";
import { payableNow } from "./payable.ts";

// What a worker may take out (docs/decisions/079, 081): pay agreed on a job counts once the employer's
// card held that worker's planned pay, so no payout goes out that no hold stands behind.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await listenForWebhooks(t);
});
afterAll(() => t.close());

describe("payable money", () => {
  it("counts a job's agreed pay only once the worker's planned pay on it is held", async () => {
    const { owner, job } = await throughDayworkJob(t, "RUB");
    const { worker } = await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    await agreeDay(t, {
      jobId: job.id,
      ownerId: owner.id,
      workerId: worker.id,
      amountMinor: 400_000n,
      currency: "RUB",
      key: `day:${job.id}`,
    });
    expect(await payableNow(t.db, worker.id, "RUB")).toBe(0n);

    const [hold] = await holdsOf(t, job.id);
    expect(await confirmOnStandIn(hold?.confirmationUrl ?? "", "4242 4242 4242 4242")).toBe(303);
    await deliveriesDone(t);
    expect(await payableNow(t.db, worker.id, "RUB")).toBe(400_000n);
  });

  it("does not count pay on a job whose hold secured someone else", async () => {
    const { owner, job } = await throughDayworkJob(t, "RUB");
    const { worker: secured } = await hireThroughProcedure(t, job.id, owner.id);
    await t.runBackground();
    const [hold] = await holdsOf(t, job.id);
    expect(await confirmOnStandIn(hold?.confirmationUrl ?? "", "4242 4242 4242 4242")).toBe(303);
    await deliveriesDone(t);
    // Hired after the first hold: their own hold is asked and not yet confirmed.
    const { worker: later } = await hireThroughProcedure(t, job.id, owner.id);
    await agreeDay(t, {
      jobId: job.id,
      ownerId: owner.id,
      workerId: later.id,
      amountMinor: 200_000n,
      currency: "RUB",
      key: `day:${job.id}:later`,
    });
    await agreeDay(t, {
      jobId: job.id,
      ownerId: owner.id,
      workerId: secured.id,
      amountMinor: 300_000n,
      currency: "RUB",
      key: `day:${job.id}:first`,
    });
    expect(await payableNow(t.db, later.id, "RUB")).toBe(0n);
    expect(await payableNow(t.db, secured.id, "RUB")).toBe(300_000n);
  });
});
