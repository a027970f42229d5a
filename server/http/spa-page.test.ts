import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { FIRST_SCREEN_ELEMENT_ID } from "../../domain/first-screen.ts";
import { signUpMember } from "../testing/accounts.ts";
import { loadersFromSource } from "../testing/loaders-from-source.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// A build as Vite writes it: index.html, hashed assets with their .br and .gz, and the manifest.
const INDEX = `<!doctype html>
<html lang="ru">
  <head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>
  <body><div id="root"><a href="#main" class="skip-link">Skip to content</a></div></body>
</html>
`;
const MANIFEST = {
  "index.html": { file: "assets/index-abc.js", imports: ["_shared.js"] },
  "_shared.js": { file: "assets/shared-def.js" },
  "src/routes/index.tsx?tsr-split=component": { file: "assets/routes-123.js", imports: ["_shared.js", "_list.js"] },
  "_list.js": { file: "assets/list-456.js" },
  "src/routes/jobs/$jobId.tsx?tsr-split=component": { file: "assets/job-789.js" },
  "src/routes/profile.$profileId.tsx?tsr-split=component": { file: "assets/profile-012.js" },
  "src/paraglide/messages/ru.js": { file: "assets/ru-1.js" },
  "src/paraglide/messages/ru.js?rest": { file: "assets/ru-rest-1.js" },
  "src/paraglide/messages/de.js": { file: "assets/de-2.js" },
  "src/paraglide/messages/de.js?rest": { file: "assets/de-rest-2.js" },
  "src/paraglide/messages/ar.js": { file: "assets/ar-3.js" },
};
const SCRIPT = `export const hello = "${"world ".repeat(400)}";\n`;

let staticDir: string;
let t: TestApp;
let jobId: string;
let employerId: string;
const HOSTILE_TITLE = `Porter </script><script>alert(1)</script> <!-- shift`;

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), "daywork-static-"));
  await mkdir(path.join(staticDir, "assets"));
  await mkdir(path.join(staticDir, ".vite"));
  await writeFile(path.join(staticDir, "index.html"), INDEX);
  await writeFile(path.join(staticDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  await writeFile(path.join(staticDir, "assets", "index-abc.js"), SCRIPT);
  await writeFile(path.join(staticDir, "assets", "index-abc.js.br"), brotliCompressSync(SCRIPT));
  await writeFile(path.join(staticDir, "assets", "index-abc.js.gz"), gzipSync(SCRIPT));
  // The app's route loaders, from source: what each page reads is theirs (docs/decisions/052).
  await loadersFromSource(staticDir);
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  const employer = await signUpMember(t, { userType: "employer" });
  employerId = employer.id;
  jobId = (await createJob(t.db, employer.id, { title: HOSTILE_TITLE })).id;
  // A list long enough to be worth compressing.
  for (let i = 0; i < 6; i++) await createJob(t.db, employer.id, { title: `Night shift at the depot, crew ${i}` });
});
afterAll(async () => {
  await t.close();
  await rm(staticDir, { recursive: true, force: true });
});

/** The first-screen data the page carries, decoded as the SPA decodes it. */
function firstScreenOf(html: string) {
  const match = html.match(new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`, "s"));
  if (!match?.[1]) return null;
  return superjson.parse<{ language: string; state: { queries: { queryKey: unknown; state: { data: unknown } }[] } }>(match[1]);
}

describe("the SPA's page", () => {
  it("carries the home list, who is signed in and the rates, and preloads the home chunk and one language", async () => {
    const res = await t.app.inject({ method: "GET", url: "/", headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain('<html lang="de" dir="ltr">');
    expect(res.body).toContain('href="/assets/routes-123.js"');
    expect(res.body).toContain('href="/assets/list-456.js"');
    expect(res.body).toContain('href="/assets/de-2.js"');
    // Already in the entry's own preloads, and other languages: not preloaded again, never.
    expect(res.body).not.toContain('rel="modulepreload" crossorigin href="/assets/shared-def.js"');
    expect(res.body).not.toContain("ru-1.js");
    // Home shows only the first screen's messages: the rest of the language comes when the app is idle.
    expect(res.body).not.toContain("de-rest-2.js");
    const screen = firstScreenOf(res.body);
    expect(screen?.language).toBe("de");
    const keys = screen?.state.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining([
        JSON.stringify([["profiles", "me"], { type: "query" }]),
        JSON.stringify([["currency", "rates"], { type: "query" }]),
        JSON.stringify([["jobs", "search"], { input: {}, type: "infinite" }]),
      ]),
    );
    const list = screen?.state.queries.find((q) => JSON.stringify(q.queryKey).includes("search"))?.state.data as {
      pages: { items: { id: string }[] }[];
    };
    expect(list.pages[0]?.items.map((job) => job.id)).toContain(jobId);
  });

  it("never lets a job's text end the data's script element", async () => {
    const res = await t.app.inject({ method: "GET", url: `/jobs/${jobId}` });
    const scripts = res.body.match(/<script/g) ?? [];
    expect(scripts).toHaveLength(2);
    expect(res.body).not.toContain("<script>alert(1)");
    const job = firstScreenOf(res.body)?.state.queries.find((q) => JSON.stringify(q.queryKey).includes("byId"))?.state.data;
    expect(job).toMatchObject({ id: jobId, title: HOSTILE_TITLE });
    expect(res.body).toContain('href="/assets/job-789.js"');
    // A job page's messages are in the first part of its language (decision 052): the rest comes when idle.
    expect(res.body).not.toContain("ru-rest-1.js");
  });

  it("carries a public profile's data and preloads its chunk", async () => {
    const res = await t.app.inject({ method: "GET", url: `/profile/${employerId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="/assets/profile-012.js"');
    // A page other than home and a job page waits for the rest of its language: it comes with the first requests.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ru-rest-1.js">');
    const profile = firstScreenOf(res.body)?.state.queries.find((q) => JSON.stringify(q.queryKey).includes("public"))?.state.data;
    expect(profile).toMatchObject({ id: employerId });
  });

  it("follows the language the SPA chose (its cookie) and writes Arabic right to left", async () => {
    const res = await t.app.inject({ method: "GET", url: "/", headers: { cookie: "language=ar", "accept-language": "de" } });
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(firstScreenOf(res.body)?.language).toBe("ar");
    // The header shell's skip link reads Arabic too, before the app runs.
    expect(res.body).toContain('<a href="#main" class="skip-link">انتقل إلى المحتوى</a>');
  });

  it("carries a home list with filters in its address as the route's loader reads it, and no unknown job; who is signed in comes with every page", async () => {
    const filtered = await t.app.inject({ method: "GET", url: "/?category=moving" });
    expect(filtered.statusCode).toBe(200);
    const read = firstScreenOf(filtered.body)?.state.queries.map((q) => JSON.stringify(q.queryKey));
    expect(read).toEqual([
      JSON.stringify([["profiles", "me"], { type: "query" }]),
      JSON.stringify([["currency", "rates"], { type: "query" }]),
      JSON.stringify([["jobs", "search"], { input: { category: "moving" }, type: "infinite" }]),
    ]);
    // A visitor on a member's page: what was read before the route sent them to sign in.
    const settings = await t.app.inject({ method: "GET", url: "/settings" });
    expect(firstScreenOf(settings.body)?.state.queries.map((q) => JSON.stringify(q.queryKey))).toContain(
      JSON.stringify([["profiles", "me"], { type: "query" }]),
    );
    const missing = await t.app.inject({ method: "GET", url: "/jobs/00000000-0000-4000-8000-000000000000" });
    expect(missing.statusCode).toBe(404);
    const queries = firstScreenOf(missing.body)?.state.queries.map((q) => JSON.stringify(q.queryKey)) ?? [];
    expect(queries.some((key) => key.includes("byId"))).toBe(false);
  });

  it("answers HEAD like GET, and a missing asset or API path with a 404, not a page", async () => {
    const head = await t.app.inject({ method: "HEAD", url: "/" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toContain("text/html");
    expect((await t.app.inject({ method: "HEAD", url: "/api/health" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "HEAD", url: "/api/auth/get-session" })).statusCode).toBe(200);
    const list = await t.app.inject({ method: "HEAD", url: "/api/trpc/jobs.search?input=%7B%22json%22%3A%7B%7D%7D" });
    expect(list.statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: "GET", url: "/assets/gone-000.js" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/nothing-here" })).statusCode).toBe(404);
  });
});

describe("compression", () => {
  it("sends a built file's own brotli or gzip copy, cached for a year, with Vary", async () => {
    const br = await t.app.inject({
      method: "GET",
      url: "/assets/index-abc.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
    const gzip = await t.app.inject({ method: "GET", url: "/assets/index-abc.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await t.app.inject({ method: "GET", url: "/assets/index-abc.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it("compresses the page and larger API answers, not small ones", async () => {
    const page = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br" } });
    expect(page.headers["content-encoding"]).toBe("br");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/trpc/jobs.search?input=%7B%22json%22%3A%7B%7D%7D",
      headers: { "accept-encoding": "gzip" },
    });
    expect(list.headers["content-encoding"]).toBe("gzip");
    const health = await t.app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br" } });
    expect(health.headers["content-encoding"]).toBeUndefined();
    // A small tRPC answer too (it comes as a stream: it is measured whole first).
    const input = encodeURIComponent(JSON.stringify({ json: { jobId } }));
    const job = await t.app.inject({
      method: "GET",
      url: `/api/trpc/jobs.byId?input=${input}`,
      headers: { "accept-encoding": "br" },
    });
    expect(job.statusCode).toBe(200);
    expect(job.rawPayload.length).toBeLessThan(1400);
    expect(job.headers["content-encoding"]).toBeUndefined();
    expect(job.headers["content-type"]).toContain("application/json");
    expect(job.json().result.data.json.id).toBe(jobId);
  });
});
