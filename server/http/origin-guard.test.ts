import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { user } from "../../db/schema/auth.ts";
import { ERR } from "../../domain/errors.ts";
import { listen } from "../chat/chat-test-kit.ts";
import { loadConfig } from "../config.ts";
import { signUp, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let person: SignedUp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  person = await signUp(t);
  wsUrl = (await listen(t.app)).ws;
});
afterAll(() => t.close());

const EVIL = "https://evil.example";

/** POST /api/trpc/privacy.deleteAccount with these headers and body, as a page (ours or not) might. */
function deleteAccount(headers: Record<string, string>, payload = "{}") {
  return t.app.inject({
    method: "POST",
    url: "/api/trpc/privacy.deleteAccount",
    headers: { cookie: person.cookie, ...headers },
    payload,
  });
}

async function stillThere() {
  return (await t.db.$count(user, eq(user.id, person.id))) === 1;
}

/** Whether a WebSocket upgrade with this Origin is accepted (true) or turned away (false). */
function upgrade(origin: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl, { headers: { cookie: person.cookie, ...(origin ? { origin } : {}) } });
    socket.on("open", () => {
      socket.close();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

describe("requests from other sites", () => {
  it("refuses a mutation posted from a foreign origin with a clear message, and changes nothing", async () => {
    const res = await deleteAccount({ origin: EVIL, "content-type": "application/json" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: ERR.foreignOrigin });
    expect(await stillThere()).toBe(true);
  });

  it.each([
    ["a plain HTML form", "application/x-www-form-urlencoded", "a=1"],
    ["a multipart form", "multipart/form-data; boundary=x", "--x--"],
    ["text/plain", "text/plain", "{}"],
  ])("refuses %s sent to tRPC even from our origin (415)", async (_name, type, body) => {
    const res = await deleteAccount({ origin: TEST_ORIGIN, "content-type": type }, body);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ messageKey: ERR.notJson });
    expect(await stillThere()).toBe(true);
  });

  it("refuses a mutation with no Origin unless the browser marks it same-origin", async () => {
    const setPrivacy = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/trpc/profiles.setPrivacy",
        headers: { cookie: person.cookie, "content-type": "application/json", ...headers },
        payload: { json: { profileVisible: true, showEmail: false } },
      });
    expect((await setPrivacy({})).statusCode).toBe(403);
    expect((await setPrivacy({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
    expect((await setPrivacy({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
  });

  it("refuses sign-in and uploads from a foreign origin", async () => {
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: EVIL },
      payload: { email: person.email, password: person.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.headers["set-cookie"]).toBeUndefined();
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/certificates",
      headers: { cookie: person.cookie, origin: EVIL, "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--",
    });
    expect(upload.statusCode).toBe(403);
  });

  it("lets reads through from anywhere (they change nothing and answer only the caller's own data)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/trpc/profiles.me",
      headers: { cookie: person.cookie, origin: EVIL },
    });
    expect(res.statusCode).toBe(200);
  });

  it("turns away a WebSocket upgrade from a foreign origin or with none, and accepts our own", async () => {
    expect(await upgrade(EVIL)).toBe(false);
    expect(await upgrade(undefined)).toBe(false);
    expect(await upgrade(TEST_ORIGIN)).toBe(true);
  });

  it("trusts the loopback spellings of the server's own address outside production, so a newcomer can sign up", async () => {
    for (const origin of ["http://127.0.0.1:3000", "http://[::1]:3000", "http://localhost:3000"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin },
        payload: { email: person.email, password: person.password },
      });
      expect(res.statusCode, origin).toBe(200);
    }
  });
});

describe("trusted origins", () => {
  const base = { BETTER_AUTH_SECRET: "x".repeat(40), DATA_DIR: "./.data-test" };

  it("are the public address and TRUSTED_ORIGINS only, in production", () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: "production",
      PUBLIC_URL: "https://daywork.example/",
      TRUSTED_ORIGINS: "https://admin.daywork.example",
    });
    expect(config.trustedOrigins).toEqual(["https://daywork.example", "https://admin.daywork.example"]);
  });

  it("add the loopback spellings of the server's and Vite's ports in development", () => {
    const config = loadConfig({ ...base, NODE_ENV: "development", PORT: "3100" });
    expect(config.trustedOrigins).toEqual(
      expect.arrayContaining(["http://localhost:3100", "http://127.0.0.1:3100", "http://[::1]:3100", "http://127.0.0.1:5173"]),
    );
    expect(config.trustedOrigins).not.toContain(EVIL);
  });
});

describe("better-auth endpoints the app does not use", () => {
  it.each(["update-user", "change-email", "list-sessions", "revoke-sessions", "delete-user"])(
    "answer /api/auth/%s with 404",
    async (path) => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/auth/${path}`,
        headers: { cookie: person.cookie, origin: TEST_ORIGIN },
        payload: { name: "x".repeat(900_000), newEmail: "taken@example.com" },
      });
      expect(res.statusCode).toBe(404);
    },
  );

  it("leave the name as the person's own schema stored it", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { cookie: person.cookie, origin: TEST_ORIGIN },
      payload: { name: "a\u0000b" },
    });
    const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, person.id));
    expect(row?.name).not.toContain("\u0000");
  });
});
