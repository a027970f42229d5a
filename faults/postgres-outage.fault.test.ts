// Postgres stopped, or hung, under two running instances (issue 36, items 1 and 6; docs/decisions/067).
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { call, eventually, mutation, query, summary, type Answer } from "./calls.ts";
import { startDeployment, type Deployment } from "./deployment.ts";
import { jobWithChat, messageKey } from "./people.ts";

/**
 * "Try again" must come this fast: the deployment's request deadline (REQUEST_DEADLINE_MS, 5 s in
 * faults/deployment.ts), the cancels' grace and a margin, well inside the outage (OUTAGE_MS).
 */
const FAST_ANSWER_MS = 7_500;
const OUTAGE_MS = 12_000;
/** How long the instances may take to serve again once Postgres is back (reconnecting their pools). */
const RECOVERY_MS = 30_000;

let d: Deployment;
let chat: Awaited<ReturnType<typeof jobWithChat>>;
beforeAll(async () => {
  d = await startDeployment();
  chat = await jobWithChat(d.db, d.a.http);
});
afterAll(async () => {
  d?.postgres.thaw();
  await d?.close();
});

/** What a person and a visitor ask of each instance during the outage: a message sent, a job page read. */
function callsDuringOutage(keys: string[]) {
  return [d.a, d.b].flatMap((instance, i) => [
    mutation(
      instance.http,
      "chat.send",
      { conversationId: chat.conversationId, content: `during the outage via ${instance.name}`, idempotencyKey: keys[i] },
      chat.worker.cookie,
    ),
    query(instance.http, "jobs.byId", { jobId: chat.job.id }),
  ]);
}

/** Soft: every call's answer is reported, and the recovery is still checked when one is wrong. */
function expectTryAgainSoon(answer: Answer) {
  expect.soft(answer.status, summary(answer)).toBe(503);
  expect.soft(answer.ms, summary(answer)).toBeLessThan(FAST_ANSWER_MS);
  expect.soft(answer.retryAfter ?? 0, summary(answer)).toBeGreaterThan(0);
}

/**
 * Begins an outage (`begin`: stop or freeze), asks both instances during it, keeps it for OUTAGE_MS at
 * least, ends it (`end`), and answers what the calls got and the sends' idempotency keys.
 */
async function during(begin: () => Promise<void> | void, end: () => Promise<void> | void) {
  const keys = [messageKey(), messageKey()];
  await begin();
  const began = Date.now();
  try {
    const answers = await Promise.all(callsDuringOutage(keys));
    const health = await Promise.all([d.a, d.b].map((instance) => call(`${instance.http}/api/health`, {}, 5_000)));
    const ready = await Promise.all([d.a, d.b].map((instance) => call(`${instance.http}/api/ready`, {}, 5_000)));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - began))));
    return { answers, health, ready, keys };
  } finally {
    await end();
  }
}

/** Both instances answer a person and a visitor again, without a restart. */
async function bothServeAgain() {
  for (const instance of [d.a, d.b]) {
    await eventually(
      `${instance.name} serves again`,
      async () => {
        const sent = await mutation(
          instance.http,
          "chat.send",
          { conversationId: chat.conversationId, content: `after the outage via ${instance.name}` },
          chat.owner.cookie,
          5_000,
        );
        const page = await query(instance.http, "jobs.byId", { jobId: chat.job.id }, undefined, 5_000);
        // Ready again too: its chat bus listens again (it reconnects on its own backoff).
        const ready = await call(`${instance.http}/api/ready`, {}, 5_000);
        return sent.status === 200 && page.status === 200 && ready.status === 200;
      },
      RECOVERY_MS,
    );
  }
}

/** The messages stored under these keys: none, since each send was answered "try again". */
async function storedUnder(keys: string[]) {
  const rows = await d.sql<{ n: number }[]>`select count(*)::int as n from chat_messages where idempotency_key in ${d.sql(keys)}`;
  return rows[0]?.n;
}

describe("two instances on one Postgres", () => {
  it("both started at once on the empty database, migrated it once and are ready", async () => {
    const files = readdirSync(new URL("../db/migrations", import.meta.url)).filter((f) => f.endsWith(".sql"));
    const [applied] = await d.sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(applied?.n).toBe(files.length);
    for (const instance of [d.a, d.b]) {
      const ready = await call(`${instance.http}/api/ready`);
      expect(ready.status, summary(ready)).toBe(200);
      expect(ready.body).toMatchObject({ status: "ready" });
    }
  });

  it("Postgres stopped: calls answer 503 try-again within seconds, health stays up, both serve again after", async () => {
    const { answers, health, ready, keys } = await during(
      () => d.postgres.stop(),
      () => d.postgres.start(),
    );
    for (const answer of answers) expectTryAgainSoon(answer);
    for (const answer of health) expect.soft(answer.status, summary(answer)).toBe(200);
    for (const answer of ready) expect.soft(answer.status, summary(answer)).toBe(503);
    await bothServeAgain();
    expect(await storedUnder(keys)).toBe(0);
  });

  it("Postgres hung (SIGSTOP): calls answer 503 try-again within seconds, and a send answered so never lands later", async () => {
    const { answers, health, ready, keys } = await during(
      () => d.postgres.freeze(),
      () => d.postgres.thaw(),
    );
    for (const answer of answers) expectTryAgainSoon(answer);
    for (const answer of health) expect.soft(answer.status, summary(answer)).toBe(200);
    for (const answer of ready) expect.soft(answer.status, summary(answer)).toBe(503);
    await bothServeAgain();
    // The sends were in flight on open connections when Postgres froze: answered "try again", they must
    // have been cancelled, not committed once it woke.
    expect(await storedUnder(keys)).toBe(0);
  });
});
