import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { signUpMember } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { FIRST_SCREEN_RENDER_FILE } from "./first-screen-markup.ts";

// A build as Vite writes it, with the app's server render beside it (`vite build --ssr`). The render
// here renders what it read, so the test sees what the server hands it; the real one is the app
// itself, which the first-screen journey checks in a browser without JavaScript.
const INDEX = `<!doctype html>
<html lang="ru">
  <head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/app-css1.css">
  </head>
  <body>
    <div id="root">
      <div class="shell"><a href="#main" class="skip-link">Skip to content</a></div>
    </div>
  </body>
</html>
`;
const MANIFEST = {
  "index.html": { file: "assets/index-abc.js" },
  "src/routes/jobs/$jobId.tsx?tsr-split=component": { file: "assets/job-789.js", imports: ["_badges.js"] },
  "_badges.js": { file: "assets/badges-4.js" },
  "src/routes/_authed/chats.index.tsx?tsr-split=component": { file: "assets/chats.index-55.js" },
  "src/paraglide/messages/de.js": { file: "assets/de-2.js" },
  "src/paraglide/messages/de.js?rest": { file: "assets/de-rest-2.js" },
};
const CSS = "main{color:teal}";
const RENDER = `
// The app's loaders stood in for: each page reads through the procedures the server hands over, with the
// reader's session, as the routes do; the render shows what was read, so the test sees what the server did.
const call = (options, client) =>
  options.queryFn({ queryKey: options.queryKey, signal: new AbortController().signal, meta: undefined, client, pageParam: undefined, direction: "forward" });
const entry = (options, data) => ({ queryKey: options.queryKey, queryHash: JSON.stringify(options.queryKey), state: { data, status: "success" } });

export async function loadFirstScreen({ url, language, reader, trpc }) {
  globalThis.firstScreenLoads = (globalThis.firstScreenLoads ?? 0) + 1;
  const client = { prefetchQuery: async () => undefined };
  const api = trpc(client);
  const meOptions = api.profiles.me.queryOptions();
  const me = await call(meOptions, client);
  const queries = [entry(meOptions, me)];
  const path = url.split("?")[0];
  const jobId = /^\\/jobs\\/([^/]+)$/.exec(path)?.[1];
  const page = { state: { mutations: [], queries }, routeIds: ["__root__"], status: 200, head: { title: null, share: null }, serverRendered: false };
  const main = (text) => '<main data-url="' + url + '" data-language="' + language + '">' + text + "</main>";
  if (path === "/") {
    const options = api.jobs.search.infiniteQueryOptions({}, { getNextPageParam: (p) => p.nextCursor });
    const first = await call(options, client);
    queries.push(entry(options, { pages: [first], pageParams: [null] }));
    return { ...page, routeIds: ["__root__", "/"], serverRendered: true, render: () => '<main data-url="/">' + first.items.map((job) => job.title).join(", ") + "</main>" };
  }
  if (jobId) {
    const options = api.jobs.byId.queryOptions({ jobId });
    const job = await call(options, client).catch(() => null);
    if (!job) return { ...page, routeIds: ["__root__", "/jobs/$jobId"], status: 404, render: () => "" };
    queries.push(entry(options, job));
    return {
      ...page,
      routeIds: ["__root__", "/jobs/$jobId"],
      head: { title: job.title, share: null },
      serverRendered: reader === "visitor" && job.title !== "Not rendered",
      render: () => {
        if (job.title === "Breaks the render") throw new Error("the render failed");
        return main(job.title.replaceAll("<", "&lt;"));
      },
    };
  }
  if (path === "/chats" && me) {
    return { ...page, routeIds: ["__root__", "/_authed", "/_authed/chats/"], serverRendered: true, render: () => main(me.profile.fullName) };
  }
  return { ...page, render: () => "" };
}
`;

let staticDir: string;
let t: TestApp;
let employerId: string;

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), "daywork-rendered-"));
  await mkdir(path.join(staticDir, "assets"));
  await mkdir(path.dirname(path.join(staticDir, FIRST_SCREEN_RENDER_FILE)));
  await mkdir(path.join(staticDir, ".vite"));
  await writeFile(path.join(staticDir, "index.html"), INDEX);
  await writeFile(path.join(staticDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  await writeFile(path.join(staticDir, "assets", "app-css1.css"), CSS);
  await writeFile(path.join(staticDir, FIRST_SCREEN_RENDER_FILE), RENDER);
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  employerId = (await signUpMember(t, { userType: "employer" })).id;
});
afterAll(async () => {
  await t.close();
  await rm(staticDir, { recursive: true, force: true });
});

const page = async (url: string, headers: Record<string, string> = {}, app = t) => {
  const res = await app.app.inject({ method: "GET", url, headers });
  return { status: res.statusCode, body: res.body };
};
const loads = () => (globalThis as { firstScreenLoads?: number }).firstScreenLoads ?? 0;

describe("server-side rendering of a visitor's first screen", () => {
  it("comes inside #root, inert until the app replaces it, in the reader's language, with the stylesheet inside the page", async () => {
    const job = await createJob(t.db, employerId, { title: "Porter $& $' </main><script>alert(1)</script>" });
    const { status, body } = await page(`/jobs/${job.id}`, { "accept-language": "de" });
    expect(status).toBe(200);
    // A "$&" in a job's text stays text: nothing in the page is a replacement pattern.
    expect(body).toContain(
      `<div id="root"><div inert><main data-url="/jobs/${job.id}" data-language="de">Porter $& $' &lt;/main>&lt;script>alert(1)&lt;/script></main></div></div>`,
    );
    // The title in the head too: had "$&" been read as a pattern, it would have repeated the "</head>".
    expect(body.match(/<\/head>/g)).toHaveLength(1);
    expect(body).not.toContain('class="shell"');
    expect(body).toContain(`<style>${CSS}</style>`);
    expect(body).not.toContain('rel="stylesheet"');
    // The app still gets the data and its own code: it renders the page itself.
    expect(body).toContain('<script type="application/json" id="first-screen">');
    // Fetched at once (at low priority, as the page's other chunks), started after the first paint.
    expect(body).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    // The language's first messages with the page (a job page's among them, decision 052); the page's own
    // code asked for by first-paint.js once the page is painted.
    expect(body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-abc.js"><script src="/first-paint.js" data-after-paint="/assets/job-789.js /assets/badges-4.js" data-entry="/assets/index-abc.js" defer></script>',
    );
    expect(body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/de-2.js">');
    expect(body.match(/rel="modulepreload"/g)).toHaveLength(2);
    expect(body).toContain('<html lang="de" dir="ltr">');
  });

  it("leaves the page with its shell when the route declines server-side rendering or it fails, and other pages alone", async () => {
    for (const title of ["Not rendered", "Breaks the render"]) {
      const job = await createJob(t.db, employerId, { title });
      const { status, body } = await page(`/jobs/${job.id}`);
      expect(status).toBe(200);
      expect(body).toContain('<div class="shell">');
      expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-css1.css">');
      expect(body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
      // Not rendered: nothing waits for a paint, the page's code comes with it.
      expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/job-789.js">');
      expect(body).not.toContain("data-after-paint");
    }
    for (const url of [`/profile/${employerId}`, "/jobs/00000000-0000-4000-8000-000000000000", "/settings"]) {
      const { body } = await page(url);
      expect(body, url).toContain('<div class="shell">');
      expect(body, url).not.toContain("<div inert>");
    }
  });

  it("renders a visitor's home list, but not a search in the address", async () => {
    await createJob(t.db, employerId, { title: "Night porter for the listing" });
    const { status, body } = await page("/");
    expect(status).toBe(200);
    expect(body).toMatch(/<div id="root"><div inert><main data-url="\/">[^<]*Night porter for the listing/);
    expect(body).toContain('<script src="/first-paint.js" data-entry="/assets/index-abc.js" defer></script>');
    // A search in the address is the SPA's query, not the first page the server read.
    expect((await page("/?q=porter")).body).not.toContain("<div inert>");
  });

  it("renders a signed-in reader's page from what the app's loaders read with their session, for them alone", async () => {
    const reader = await signUpMember(t, { userType: "worker", name: "Zarina Loader" });
    const chats = await page("/chats", { cookie: reader.cookie, "accept-language": "de" });
    expect(chats.status).toBe(200);
    expect(chats.body).toMatch(/<div id="root"><div inert><main data-url="\/chats" data-language="de">Zarina Loader<\/main>/);
    // The data the loaders read comes with the page, and the code of the routes it matched.
    expect(chats.body).toContain('<script type="application/json" id="first-screen">');
    expect(chats.body).toContain("/assets/chats.index-55.js");
    // Never cached for anyone else: a visitor, and another reader, get their own page.
    expect((await page("/chats")).body).not.toContain("Zarina Loader");
    const other = await signUpMember(t, { userType: "worker", name: "Other Reader" });
    const theirs = await page("/chats", { cookie: other.cookie });
    expect(theirs.body).toContain("Other Reader");
    expect(theirs.body).not.toContain("Zarina Loader");
    // A page whose loaders act in the browser (verify-email) is left to the app.
    expect((await page("/verify-email?token=x", { cookie: reader.cookie })).body).not.toContain("<div inert>");
  });

  it("never serves the render's own code", async () => {
    const res = await t.app.inject({ method: "GET", url: `/${FIRST_SCREEN_RENDER_FILE}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("renderFirstScreen");
  });
});

describe("the micro-cache of visitors' server-rendered pages (VISITOR_PAGE_CACHE_MS)", () => {
  const CACHE_MS = 600;
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ env: { STATIC_DIR: staticDir, VISITOR_PAGE_CACHE_MS: String(CACHE_MS) } });
  });
  afterAll(() => cached.close());

  it("serves visitors the page rendered for the first of them, per language, and renders it anew once it is old", async () => {
    const employer = await signUpMember(cached, { userType: "employer" });
    await createJob(cached.db, employer.id, { title: "First porter" });
    const first = await page("/", { "accept-language": "en" }, cached);
    expect(first.body).toContain("First porter");
    const made = loads();

    await createJob(cached.db, employer.id, { title: "Second porter" });
    const again = await page("/", { "accept-language": "en" }, cached);
    expect(again.body).toBe(first.body);
    expect(loads()).toBe(made);
    // Another language is another page, rendered for it.
    const german = await page("/", { "accept-language": "de" }, cached);
    expect(german.body).toContain("Second porter");
    expect(german.body).toContain('<html lang="de" dir="ltr">');

    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 50));
    expect((await page("/", { "accept-language": "en" }, cached)).body).toContain("Second porter");
  });

  it("sends a cached page compressed as the browser accepts, the same page", async () => {
    const employer = await signUpMember(cached, { userType: "employer" });
    const job = await createJob(cached.db, employer.id, { title: "Porter in brotli" });
    const plain = await page(`/jobs/${job.id}`, {}, cached);
    for (const [accepted, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const res = await cached.app.inject({ method: "GET", url: `/jobs/${job.id}`, headers: { "accept-encoding": accepted } });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toContain("accept-encoding");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it("renders a job page once for visitors who ask for it at the same time (request coalescing)", async () => {
    const employer = await signUpMember(cached, { userType: "employer" });
    const job = await createJob(cached.db, employer.id, { title: "Porter for a crowd" });
    const before = loads();
    const pages = await Promise.all(Array.from({ length: 5 }, () => page(`/jobs/${job.id}`, {}, cached)));
    expect(pages.every((p) => p.status === 200 && p.body.includes("Porter for a crowd"))).toBe(true);
    expect(loads() - before).toBe(1);
  });

  it("never serves a cached page to a request with a session, nor caches a page not rendered", async () => {
    const employer = await signUpMember(cached, { userType: "employer" });
    const job = await createJob(cached.db, employer.id, { title: "Porter for members" });
    expect((await page(`/jobs/${job.id}`, {}, cached)).body).toContain("<div inert>");
    // The signed-in reader's page is their own: read for them, with their session.
    const reader = await signUpMember(cached, { userType: "worker" });
    const signedIn = await page(`/jobs/${job.id}`, { cookie: reader.cookie }, cached);
    expect(signedIn.body).not.toContain("<div inert>");
    // A page the route declines to render is loaded (and declined) again for the next visitor, not cached.
    const declined = await createJob(cached.db, employer.id, { title: "Not rendered" });
    const before = loads();
    await page(`/jobs/${declined.id}`, {}, cached);
    await page(`/jobs/${declined.id}`, {}, cached);
    expect(loads() - before).toBe(2);
  });
});
