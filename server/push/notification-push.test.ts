import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWorker } from "../../db/factories/users.ts";
import { pushSubscriptions } from "../../db/schema/index.ts";
import type { NotificationPayload, NotificationView } from "../../domain/notifications.ts";
import { notificationText } from "../i18n/notification-text.ts";
import { pushBrowser, type PushBrowser } from "../testing/push-browser.ts";
import { startPushService, verifyVapid, type PushService } from "../testing/push-service.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { PUSH_TTL_SECONDS, PushNotDelivered, sendNotificationPush, type PushDeps } from "./notification-push.ts";
import { pushReachability } from "./push-reachability.ts";

let t: TestApp;
let service: PushService;
const logLines: { level: string; fields: object }[] = [];
let deps: PushDeps;

beforeAll(async () => {
  t = await createTestApp();
  service = await startPushService();
  const log = {
    info: (fields: object) => logLines.push({ level: "info", fields }),
    warn: (fields: object) => logLines.push({ level: "warn", fields }),
  };
  deps = { db: t.db, config: t.config, log, agent: service.agent };
});
afterAll(async () => {
  await service.close();
  await t.close();
});

function notification(payload: NotificationPayload): NotificationView {
  return { id: randomUUID(), payload, read: false, createdAt: new Date() };
}

const JOB_ID = randomUUID();
const applied = (): NotificationView =>
  notification({ kind: "application_received", jobId: JOB_ID, jobTitle: "Gartenarbeit", applicantName: "Anna Applicant" });

/** A person with a browser subscribed through the real procedure at the stand-in's endpoint `token`. */
async function subscribed(tokens: string[]) {
  const person = await createWorker(t.db);
  const browsers = new Map<string, PushBrowser>();
  for (const token of tokens) {
    const browser = pushBrowser();
    browsers.set(token, browser);
    await t.callerAs(person.id).push.subscribe({ endpoint: service.endpoint(token), keys: browser.keys });
  }
  return { person, browsers };
}

const arrivedFor = (token: string) => service.received.filter((r) => r.token === token);
const endpointsOf = async (userId: string) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).map((r) => r.endpoint);

describe("sendNotificationPush", () => {
  it("delivers an encrypted, VAPID-signed message in the person's language to each of their devices", async () => {
    const { person, browsers } = await subscribed(["anna-phone", "anna-laptop"]);
    const someoneElse = await subscribed(["bob-phone"]);
    const notice = applied();

    expect(await sendNotificationPush(deps, { userId: person.id, language: "de" }, notice)).toEqual({ sent: 2, removed: 0 });

    expect(arrivedFor("bob-phone")).toEqual([]);
    const german = notificationText(notice.payload, "de");
    expect(german.title).not.toBe(notificationText(notice.payload, "en").title);
    for (const token of ["anna-phone", "anna-laptop"]) {
      const [push, ...more] = arrivedFor(token);
      expect(more).toEqual([]);
      if (!push) throw new Error(`nothing arrived for ${token}`);
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(push.headers.topic).toBe(notice.id.replaceAll("-", ""));
      const vapid = verifyVapid(push.headers.authorization);
      expect(vapid.key).toBe(t.config.push.publicKey);
      expect(vapid.claims).toMatchObject({ aud: service.origin, sub: t.config.push.subject });
      expect(Number(vapid.claims.exp)).toBeGreaterThan(Date.now() / 1000);
      // Only the device's own keys open it.
      const message: unknown = JSON.parse(browsers.get(token)?.decrypt(push.body) ?? "null");
      expect(message).toEqual({ ...german, url: `/jobs/${JOB_ID}/applications`, tag: notice.id });
      expect(() => someoneElse.browsers.get("bob-phone")?.decrypt(push.body)).toThrow();
    }
  });

  it("sends nothing to a person without subscriptions", async () => {
    const person = await createWorker(t.db);
    const before = service.received.length;
    expect(await sendNotificationPush(deps, { userId: person.id, language: "en" }, applied())).toEqual({ sent: 0, removed: 0 });
    expect(service.received.length).toBe(before);
  });

  it("removes a subscription its push service calls gone (410, 404) and still reaches the others", async () => {
    const { person } = await subscribed(["gone-410", "gone-404", "alive"]);
    service.answer("gone-410", 410);
    service.answer("gone-404", 404);
    expect(await sendNotificationPush(deps, { userId: person.id, language: "ru" }, applied())).toEqual({ sent: 1, removed: 2 });
    expect(await endpointsOf(person.id)).toEqual([service.endpoint("alive")]);
    expect(logLines).toContainEqual({ level: "info", fields: { event: "push_subscriptions_expired", count: 2 } });
  });

  it("throws (for the queue to retry) only when no device got it and one may get it later", async () => {
    const busy = await subscribed(["busy-1", "busy-2"]);
    service.answer("busy-1", 503);
    service.answer("busy-2", 429);
    await expect(sendNotificationPush(deps, { userId: busy.person.id, language: "en" }, applied())).rejects.toBeInstanceOf(
      PushNotDelivered,
    );
    // Both stay: a busy push service says nothing about the subscription.
    expect(await endpointsOf(busy.person.id)).toHaveLength(2);

    // One device got it: no retry, which would show it twice there.
    const mixed = await subscribed(["mixed-ok", "mixed-busy"]);
    service.answer("mixed-busy", 500);
    expect(await sendNotificationPush(deps, { userId: mixed.person.id, language: "en" }, applied())).toEqual({
      sent: 1,
      removed: 0,
    });

    // Refused for good (our message or credentials): a retry would be refused again.
    const refused = await subscribed(["refused"]);
    service.answer("refused", 400);
    expect(await sendNotificationPush(deps, { userId: refused.person.id, language: "en" }, applied())).toEqual({
      sent: 0,
      removed: 0,
    });
    expect(logLines).toContainEqual({ level: "warn", fields: { event: "push_failed", status: 400, retryable: false } });
    expect(logLines).toContainEqual({ level: "warn", fields: { event: "push_failed", status: 503, retryable: true } });
    // The log never names an endpoint.
    expect(JSON.stringify(logLines)).not.toContain(service.origin);
  });

  it("counts an unreachable push service as worth a retry", async () => {
    const person = await createWorker(t.db);
    // A push service that has gone away: nothing listens at its port any more.
    const closed = await startPushService();
    await t.callerAs(person.id).push.subscribe({ endpoint: closed.endpoint("unreachable"), keys: pushBrowser().keys });
    await closed.close();
    await expect(sendNotificationPush(deps, { userId: person.id, language: "en" }, applied())).rejects.toBeInstanceOf(
      PushNotDelivered,
    );
    expect(await endpointsOf(person.id)).toHaveLength(1);
  });

  it("gives up on a push service that takes the message and never answers, and reports push unreachable (docs/decisions/064)", async () => {
    const silent = await subscribed(["silent"]);
    service.answer("silent", "hang");
    const reachability = pushReachability();
    const started = performance.now();
    await expect(
      sendNotificationPush({ ...deps, reachability, timeoutMs: 300 }, { userId: silent.person.id, language: "en" }, applied()),
    ).rejects.toBeInstanceOf(PushNotDelivered);
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect(reachability.ready()).rejects.toThrow();
    expect(await endpointsOf(silent.person.id)).toHaveLength(1);
  });

  it("never connects to a non-public address, even for a row that did not come through the schema", async () => {
    const person = await createWorker(t.db);
    const keys = pushBrowser().keys;
    const local = new URL(service.origin);
    await t.db.insert(pushSubscriptions).values([
      { userId: person.id, endpoint: `https://127.0.0.1:${local.port}/push/v1/ip`, ...keys },
      { userId: person.id, endpoint: `https://localhost:${local.port}/push/v1/name`, ...keys },
    ]);
    const before = service.received.length;
    // The production agent (no test agent given), with localhost named a push service so the agent is what refuses.
    const config = { ...t.config, push: { ...t.config.push, extraServiceHosts: ["localhost"] } };
    const result = await sendNotificationPush(
      { ...deps, config, agent: undefined },
      { userId: person.id, language: "en" },
      applied(),
    );
    expect(result).toEqual({ sent: 0, removed: 0 });
    expect(service.received.length).toBe(before);
    expect(logLines.filter((l) => JSON.stringify(l.fields).includes("EPUSHNOTPUBLIC"))).toHaveLength(2);
  });

  it("sends nothing to a kept endpoint on no known push service, and removes it (docs/decisions/057)", async () => {
    const person = await createWorker(t.db);
    // A row kept before subscribe checked the host: the stand-in, no longer named a push service.
    await t.db
      .insert(pushSubscriptions)
      .values({ userId: person.id, endpoint: service.endpoint("kept-before"), ...pushBrowser().keys });
    const config = { ...t.config, push: { ...t.config.push, extraServiceHosts: [] } };
    const result = await sendNotificationPush({ ...deps, config }, { userId: person.id, language: "en" }, applied());
    expect(result).toEqual({ sent: 0, removed: 1 });
    expect(arrivedFor("kept-before")).toEqual([]);
    expect(await endpointsOf(person.id)).toEqual([]);
  });
});
