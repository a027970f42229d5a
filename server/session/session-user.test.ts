import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { PLAIN_HANDLE } from "../../db/request-deadline.ts";
import { session } from "../../db/schema/index.ts";
import { signUp, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { createContext } from "../trpc/context.ts";

// An anonymous request (no session cookie) must cost no session lookup: better-auth would answer "no
// session" anyway, after building an endpoint context. A request that names the cookie is looked up as
// before, and a forged, expired or ended session is still no session.
let t: TestApp;
let person: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  person = await signUp(t, { name: "Sam Session" });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Records the text of every statement sent to the app's database from now on (either driver). */
function recordStatements(app: TestApp): string[] {
  const texts: string[] = [];
  if (app.database.kind === "pglite") {
    const client = (app.db as unknown as { $client: PGlite }).$client;
    const query = client.query.bind(client);
    vi.spyOn(client, "query").mockImplementation((text, ...rest) => {
      texts.push(text);
      return query(text, ...rest);
    });
  } else {
    const proxied = (app.db as unknown as { $client: postgres.Sql & { [PLAIN_HANDLE]?: postgres.Sql } }).$client;
    // Watched under the request deadline's wrapper (db/request-deadline.ts), which calls it.
    const client = proxied[PLAIN_HANDLE] ?? proxied;
    const unsafe = client.unsafe.bind(client);
    vi.spyOn(client, "unsafe").mockImplementation((text, ...rest) => {
      texts.push(text);
      return unsafe(text, ...rest);
    });
  }
  return texts;
}

const contextOf = (app: TestApp, headers: Record<string, string>) =>
  createContext({ db: app.db, auth: app.auth, config: app.config, services: app.services }, headers);

const readsSessions = (texts: string[]) => texts.some((text) => /"session"/.test(text));

describe("the session of a request", () => {
  it("is not looked up without a session cookie: no better-auth call, no query", async () => {
    const getSession = vi.spyOn(t.auth.api, "getSession");
    const texts = recordStatements(t);
    const anonymous: Record<string, string>[] = [
      {},
      { cookie: "" },
      { cookie: "theme=dark; PARAGLIDE_LOCALE=ru" },
      { "x-locale": "ru" },
    ];
    for (const headers of anonymous) {
      expect((await contextOf(t, headers)).user, JSON.stringify(headers)).toBeNull();
    }
    expect(getSession).not.toHaveBeenCalled();
    expect(texts).toEqual([]);
  });

  it("is not looked up for an anonymous request over HTTP, which still gets its answer", async () => {
    const getSession = vi.spyOn(t.auth.api, "getSession");
    const texts = recordStatements(t);
    const input = encodeURIComponent(JSON.stringify({ 0: { json: {} } }));
    const res = await t.app.inject({ method: "GET", url: `/api/trpc/jobs.search?batch=1&input=${input}` });
    expect(res.statusCode).toBe(200);
    expect(getSession).not.toHaveBeenCalled();
    expect(texts.length).toBeGreaterThan(0);
    expect(readsSessions(texts)).toBe(false);
  });

  it("is read from a valid cookie, among other cookies, as before", async () => {
    const getSession = vi.spyOn(t.auth.api, "getSession");
    const texts = recordStatements(t);
    const ctx = await contextOf(t, { cookie: `theme=dark; ${person.cookie}` });
    expect(ctx.user).toMatchObject({ id: person.id, email: person.email, name: "Sam Session" });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(readsSessions(texts)).toBe(true);
  });

  it("is none for a forged cookie, an expired session or an ended one", async () => {
    const [name, value = ""] = person.cookie.split("=");
    const token = decodeURIComponent(value).split(".")[0] ?? "";
    const forged = `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    expect((await contextOf(t, { cookie: forged })).user).toBeNull();
    expect((await contextOf(t, { cookie: `${name}=not-a-signed-token` })).user).toBeNull();

    const expiring = await signUp(t);
    await t.db
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(session.userId, expiring.id));
    expect((await contextOf(t, { cookie: expiring.cookie })).user).toBeNull();

    const ended = await signUp(t);
    expect((await contextOf(t, { cookie: ended.cookie })).user).toMatchObject({ id: ended.id });
    await t.db.delete(session).where(eq(session.userId, ended.id));
    expect((await contextOf(t, { cookie: ended.cookie })).user).toBeNull();
  });
});

describe("behind https", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ env: { PUBLIC_URL: "https://daywork.example" } });
  });
  afterAll(() => secure.close());

  it("reads the __Secure- session cookie, and looks nothing up for the bare name", async () => {
    const account = await signUp(secure);
    expect(account.cookie).toMatch(/^__Secure-daywork\.session_token=/);
    expect((await contextOf(secure, { cookie: account.cookie })).user).toMatchObject({ id: account.id });

    const getSession = vi.spyOn(secure.auth.api, "getSession");
    const texts = recordStatements(secure);
    // Without the prefix better-auth would not read it on an https site either.
    expect((await contextOf(secure, { cookie: account.cookie.replace(/^__Secure-/, "") })).user).toBeNull();
    expect(getSession).not.toHaveBeenCalled();
    expect(texts).toEqual([]);
  });
});
