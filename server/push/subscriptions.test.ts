import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWorker } from "../../db/factories/users.ts";
import { pushSubscriptions } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { PUSH_SUBSCRIPTIONS_PER_PERSON } from "../../domain/limits.ts";
import { signUp } from "../testing/accounts.ts";
import { pushBrowser } from "../testing/push-browser.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
// A clock that moves a second per reading, so "newest" is never a tie.
let tick = Date.parse("2026-11-02T10:00:00Z");
beforeAll(async () => {
  t = await createTestApp({ services: { now: () => new Date((tick += 1000)) } });
});
afterAll(() => t.close());

const endpoint = (token: string) => `https://updates.push.services.mozilla.com/wpush/v2/${token}`;

async function endpointsOf(userId: string) {
  const rows = await t.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  return rows.map((r) => r.endpoint);
}

describe("push.publicKey", () => {
  it("answers the server's VAPID public key to a signed-in person", async () => {
    const person = await createWorker(t.db);
    expect(await t.callerAs(person.id).push.publicKey()).toEqual({ publicKey: t.config.push.publicKey });
    await expectRefusal(t.callerAs(null).push.publicKey(), "UNAUTHORIZED", ERR.unauthorized);
  });
});

describe("push.subscribe", () => {
  it("keeps the subscription, and subscribing again replaces its keys", async () => {
    const person = await createWorker(t.db);
    const first = pushBrowser();
    const again = pushBrowser();
    await t.callerAs(person.id).push.subscribe({ endpoint: endpoint("same"), keys: first.keys });
    await t.callerAs(person.id).push.subscribe({ endpoint: endpoint("same"), keys: again.keys });
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.id));
    expect(rows).toEqual([
      expect.objectContaining({ endpoint: endpoint("same"), p256dh: again.keys.p256dh, auth: again.keys.auth }),
    ]);
  });

  it("moves an endpoint to the account that subscribes it now (a shared device)", async () => {
    const before = await createWorker(t.db);
    const after = await createWorker(t.db);
    await t.callerAs(before.id).push.subscribe({ endpoint: endpoint("shared"), keys: pushBrowser().keys });
    await t.callerAs(after.id).push.subscribe({ endpoint: endpoint("shared"), keys: pushBrowser().keys });
    expect(await endpointsOf(before.id)).toEqual([]);
    expect(await endpointsOf(after.id)).toEqual([endpoint("shared")]);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_PERSON} per person, dropping the oldest`, async () => {
    const person = await createWorker(t.db);
    const other = await createWorker(t.db);
    await t.callerAs(other.id).push.subscribe({ endpoint: endpoint("other-device"), keys: pushBrowser().keys });
    const tokens = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_PERSON + 2 }, (_, i) => `device-${i}`);
    for (const token of tokens)
      await t.callerAs(person.id).push.subscribe({ endpoint: endpoint(token), keys: pushBrowser().keys });
    expect(await endpointsOf(person.id)).toEqual(tokens.slice(2).map(endpoint));
    // Re-subscribing an old device makes it the newest.
    await t.callerAs(person.id).push.subscribe({ endpoint: endpoint("device-2"), keys: pushBrowser().keys });
    expect((await endpointsOf(person.id)).at(-1)).toBe(endpoint("device-2"));
    expect(await endpointsOf(other.id)).toEqual([endpoint("other-device")]);
  });

  it("refuses what no browser sends: not https, an IP address or localhost, credentials, a long URL, malformed keys", async () => {
    const person = await createWorker(t.db);
    const caller = t.callerAs(person.id);
    const keys = pushBrowser().keys;
    const refusedEndpoints = [
      "http://push.example.com/x",
      "https://127.0.0.1/x",
      "https://2130706433/x",
      "https://[::1]/x",
      "https://localhost:8443/x",
      "https://push.localhost/x",
      "https://user:pass@push.example.com/x",
      `https://push.example.com/${"a".repeat(1000)}`,
      "not a url",
      "javascript:alert(1)",
    ];
    for (const bad of refusedEndpoints)
      await expectRefusal(caller.push.subscribe({ endpoint: bad, keys }), "BAD_REQUEST", ERR.badRequest);
    const p256dhNotOnCurve = `B${"A".repeat(86)}`;
    const refusedKeys = [
      { ...keys, p256dh: keys.p256dh.slice(1) },
      { ...keys, p256dh: `A${keys.p256dh.slice(1)}` },
      { ...keys, p256dh: p256dhNotOnCurve },
      { ...keys, p256dh: keys.p256dh.replace(/.$/, "+") },
      { ...keys, auth: `${keys.auth}AA` },
      { ...keys, auth: "" },
    ];
    for (const bad of refusedKeys)
      await expectRefusal(caller.push.subscribe({ endpoint: endpoint("k"), keys: bad }), "BAD_REQUEST", ERR.badRequest);
    expect(await endpointsOf(person.id)).toEqual([]);
  });

  it("takes endpoints at the push services browsers use", async () => {
    const person = await createWorker(t.db);
    const known = [
      "https://fcm.googleapis.com/fcm/send/chrome-token",
      "https://fcm.googleapis.com/wp/edge-android-token",
      "https://updates.push.services.mozilla.com/wpush/v2/firefox-token",
      "https://web.push.apple.com/safari-token",
      "https://api.push.apple.com/3/device/other-apple-token",
      "https://wns2-par02p.notify.windows.com/w/?token=edge-windows-token",
    ];
    for (const url of known) await t.callerAs(person.id).push.subscribe({ endpoint: url, keys: pushBrowser().keys });
    expect((await endpointsOf(person.id)).sort()).toEqual([...known].sort());
  });

  it("refuses an endpoint on any other host, translated, and keeps nothing (docs/decisions/057)", async () => {
    const person = await createWorker(t.db);
    const caller = t.callerAs(person.id);
    const foreign = [
      "https://push.example.com/wpush/v2/x",
      "https://victim.example.org/api/expensive",
      "https://storage.googleapis.com/bucket/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://evilpush.apple.com/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://notify.windows.com.example/x",
    ];
    for (const bad of foreign)
      await expectRefusal(
        caller.push.subscribe({ endpoint: bad, keys: pushBrowser().keys }),
        "BAD_REQUEST",
        ERR.pushServiceUnknown,
      );
    expect(await endpointsOf(person.id)).toEqual([]);
  });

  it("takes the tests' stand-in only because this app's configuration names it", async () => {
    const standIn = "https://push.test:4443/push/v1/x";
    const person = await createWorker(t.db);
    await t.callerAs(person.id).push.subscribe({ endpoint: standIn, keys: pushBrowser().keys });
    expect(await endpointsOf(person.id)).toEqual([standIn]);
    const plain = await createTestApp({ env: { PUSH_EXTRA_SERVICE_HOSTS: "" } });
    try {
      const other = await createWorker(plain.db);
      await expectRefusal(
        plain.callerAs(other.id).push.subscribe({ endpoint: standIn, keys: pushBrowser().keys }),
        "BAD_REQUEST",
        ERR.pushServiceUnknown,
      );
    } finally {
      await plain.close();
    }
  });

  it("works over HTTP with a real session, as the settings page calls it", async () => {
    const person = await signUp(t);
    const browser = pushBrowser();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/trpc/push.subscribe",
      headers: { cookie: person.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ json: { endpoint: endpoint("http"), keys: browser.keys } }),
    });
    expect(res.statusCode).toBe(200);
    expect(await endpointsOf(person.id)).toEqual([endpoint("http")]);
  });
});

describe("push.unsubscribe", () => {
  it("forgets only the caller's own endpoint; another person's stays, and reads like an unknown one", async () => {
    const owner = await createWorker(t.db);
    const stranger = await createWorker(t.db);
    await t.callerAs(owner.id).push.subscribe({ endpoint: endpoint("mine"), keys: pushBrowser().keys });
    expect(await t.callerAs(stranger.id).push.unsubscribe({ endpoint: endpoint("mine") })).toEqual({ removed: false });
    expect(await t.callerAs(stranger.id).push.unsubscribe({ endpoint: endpoint("nobody") })).toEqual({ removed: false });
    expect(await endpointsOf(owner.id)).toEqual([endpoint("mine")]);
    await expectRefusal(t.callerAs(null).push.unsubscribe({ endpoint: endpoint("mine") }), "UNAUTHORIZED", ERR.unauthorized);
    expect(await t.callerAs(owner.id).push.unsubscribe({ endpoint: endpoint("mine") })).toEqual({ removed: true });
    expect(await endpointsOf(owner.id)).toEqual([]);
  });
});
