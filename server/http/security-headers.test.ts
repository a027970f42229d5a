import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ERR } from "../../domain/errors.ts";
import { LIMITS } from "../../domain/limits.ts";
import { signUp, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let behindProxy: TestApp;
let person: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  behindProxy = await createTestApp({ env: { TRUST_PROXY: "true", PUBLIC_URL: "https://daywork.example" } });
  person = await signUp(t);
});
afterAll(async () => {
  await t.close();
  await behindProxy.close();
});

describe("security headers", () => {
  it("sends HSTS only over HTTPS", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const secure = await behindProxy.app.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  it("lets pages connect only to their own origin (no WebSocket to any host)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const connect = String(res.headers["content-security-policy"])
      .split(";")
      .find((d) => d.trim().startsWith("connect-src"));
    expect(connect?.trim().split(/\s+/).slice(1)).toEqual(["'self'", "ws://localhost:3000"]);
    const secure = await behindProxy.app.inject({ method: "GET", url: "/api/health" });
    expect(String(secure.headers["content-security-policy"])).toContain("connect-src 'self' wss://daywork.example");
  });

  it("keeps personal answers out of every cache", async () => {
    const me = await t.app.inject({ method: "GET", url: "/api/trpc/profiles.me", headers: { cookie: person.cookie } });
    expect(me.headers["cache-control"]).toBe("no-store");
    const session = await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie: person.cookie } });
    expect(session.headers["cache-control"]).toBe("no-store");
  });

  it("answers an unreadable tRPC request with a generic message, never the parser's text", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/trpc/profiles.setPrivacy",
      headers: { cookie: person.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    const body = JSON.stringify(res.json());
    expect(body).toContain(ERR.badRequest);
    expect(body).not.toMatch(/JSON|position|Unexpected token|at .*\.js/);
  });
});

describe("batches", () => {
  it(`refuses an HTTP batch of more than ${LIMITS.batchSize} calls with 400, and answers one of that size`, async () => {
    const batch = (size: number) => {
      const paths = Array.from({ length: size }, () => "profiles.me").join(",");
      const input = Object.fromEntries(Array.from({ length: size }, (_, i) => [i, {}]));
      return t.app.inject({
        method: "GET",
        url: `/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
      });
    };
    expect((await batch(LIMITS.batchSize)).statusCode).toBe(200);
    expect((await batch(LIMITS.batchSize + 1)).statusCode).toBe(400);
  });
});
