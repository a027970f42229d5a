// An instance killed with SIGKILL, with messages in flight and an answer lost on its way back (issue 36,
// item 2; docs/decisions/059, 067).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { collectMessages, waitStarted, wsTrpc } from "../server/chat/chat-test-kit.ts";
import { startFaultProxy } from "../server/testing/fault-proxy.ts";
import { mutation, resultOf, summary, type Answer } from "./calls.ts";
import { startDeployment, type Deployment } from "./deployment.ts";
import { jobWithChat, messageKey, signedInPerson } from "./people.ts";

let d: Deployment;
let chat: Awaited<ReturnType<typeof jobWithChat>>;
const closers: (() => unknown)[] = [];
beforeAll(async () => {
  d = await startDeployment();
  chat = await jobWithChat(d.db, d.a.http);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await d?.close();
});

/** The conversation's stored message ids, oldest first: what every client must end up having. */
async function storedIds(): Promise<number[]> {
  const rows = await d.sql<{ id: number }[]>`
    select id from chat_messages where conversation_id = ${chat.conversationId} order by id`;
  return rows.map((row) => Number(row.id));
}

function send(base: string, cookie: string, content: string, idempotencyKey?: string, timeoutMs?: number) {
  return mutation(base, "chat.send", { conversationId: chat.conversationId, content, idempotencyKey }, cookie, timeoutMs);
}

describe("an instance killed (SIGKILL)", () => {
  it("loses no acknowledged message: the other instance has them all, serves on, and a subscriber resumes there", async () => {
    // A subscriber on A that the load balancer sends to B once A is gone.
    let aAlive = true;
    const subscriber = wsTrpc(async () => (aAlive ? d.a.ws : d.b.ws), chat.worker.cookie);
    closers.push(() => subscriber.close());
    const sub = collectMessages(subscriber.client, { conversationId: chat.conversationId });
    await waitStarted(sub);

    const before = [
      resultOf(await send(d.a.http, chat.owner.cookie, "before 1")).id,
      resultOf(await send(d.b.http, chat.worker.cookie, "before 2")).id,
    ];
    // A burst through A, killed as soon as the first of it is acknowledged: the rest are in flight.
    const burst: Promise<Answer>[] = [];
    let firstAcknowledged: () => void = () => {};
    const acknowledged = new Promise<void>((resolve) => (firstAcknowledged = resolve));
    for (let i = 0; i < 8; i++) {
      const sent = send(d.a.http, chat.owner.cookie, `burst ${i}`, messageKey(), 10_000);
      void sent.then((answer) => answer.status === 200 && firstAcknowledged());
      burst.push(sent);
    }
    await acknowledged;
    await d.a.kill();
    aAlive = false;
    const answers = await Promise.all(burst);
    const burstIds = answers.filter((answer) => answer.status === 200).map((answer) => resultOf(answer).id);
    expect(burstIds.length).toBeGreaterThan(0);

    const after = resultOf(await send(d.b.http, chat.owner.cookie, "through B after the kill")).id;
    const stored = await storedIds();
    for (const id of [...before, ...burstIds, after]) expect(stored, `message ${String(id)}`).toContain(Number(id));
    // The subscriber, moved to B, has every stored message once and in order: nothing acknowledged is lost.
    await sub.waitFor(stored.length, 20_000);
    expect(sub.ids().map(Number)).toEqual(stored);
    expect(subscriber.timesOpened()).toBe(2);
    sub.unsubscribe();
  });

  it("a send whose answer was lost, resent with its key to the other instance after a kill, is stored once with the same id", async () => {
    // A is back (a new process); this time B is the one that fails.
    await d.restart("a");
    const lossy = await startFaultProxy({ port: d.b.port });
    closers.push(() => lossy.close());
    await lossy.set("swallow-answers");
    const key = messageKey();
    const content = "sent once, answered never";

    const lost = send(`http://${lossy.host}`, chat.worker.cookie, content, key, 15_000);
    // B committed and answered; the answer went nowhere. Then B dies.
    await lossy.nextSwallowedAnswer();
    await d.b.kill();
    const first = await lost;
    expect(first.status, summary(first)).toBe(0);

    const resent = await send(d.a.http, chat.worker.cookie, content, key);
    const { id } = resultOf(resent);
    const rows = await d.sql<{ id: number }[]>`select id from chat_messages where idempotency_key = ${key}`;
    expect(rows.map((row) => Number(row.id))).toEqual([Number(id)]);
    // And once more, to the same instance: still the one message.
    expect(resultOf(await send(d.a.http, chat.worker.cookie, content, key)).id).toBe(id);
  });

  it("an application whose answer was lost, resent with its key after a kill, is one application (docs/decisions/063)", async () => {
    // B was killed above: back it comes, and this time its answer is lost before it dies again.
    await d.restart("b");
    const worker = await signedInPerson(d.db, d.a.http, { userType: "worker", fullName: "Rita Resend" });
    const lossy = await startFaultProxy({ port: d.b.port });
    closers.push(() => lossy.close());
    await lossy.set("swallow-answers");
    const input = { jobId: chat.job.id, message: "I can come every day", idempotencyKey: messageKey() };

    const lost = mutation(`http://${lossy.host}`, "applications.submit", input, worker.cookie, 15_000);
    await lossy.nextSwallowedAnswer();
    await d.b.kill();
    expect((await lost).status).toBe(0);

    // The page sends the same submission again, to the instance that is left: the first answer, one row.
    const resent = await mutation(d.a.http, "applications.submit", input, worker.cookie);
    expect(resent.status, summary(resent)).toBe(200);
    const rows = await d.sql<{ id: string }[]>`
      select id from job_applications where job_id = ${chat.job.id} and worker_id = ${worker.id}`;
    expect(rows).toHaveLength(1);
    expect(resultOf(resent).id).toBe(rows[0]?.id);
  });
});
