import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createPerson, createWorker } from "../../db/factories/users.ts";
import { profiles } from "../../db/schema/index.ts";
import { signUpMember } from "../testing/accounts.ts";
import { loadersFromSource } from "../testing/loaders-from-source.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";

// The HTML a messenger or a search engine reads for a shared link (it runs no JavaScript): the title,
// the description and the Open Graph / Twitter tags, and the status of a page that is not there.

const INDEX = `<!doctype html>
<html lang="ru">
  <head><meta charset="UTF-8" /><title>Daywork</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head>
  <body><div id="root"></div></body>
</html>
`;
const HOSTILE_TITLE = `Porter "&" <b>'night'</b></title><script>alert(1)</script>`;

let staticDir: string;
let t: TestApp;
let jobId: string;
let cancelledJobId: string;
let visibleProfileId: string;
let hiddenOwner: { id: string; cookie: string };
let unfinishedId: string;

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), "daywork-share-"));
  await mkdir(path.join(staticDir, "assets"));
  await writeFile(path.join(staticDir, "index.html"), INDEX);
  await writeFile(path.join(staticDir, "assets", "index-abc.js"), "export {};\n");
  await loadersFromSource(staticDir);
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  const employer = await createEmployer(t.db, { fullName: "Anna Petrova", companyName: "Кафе «Берёзка»" });
  jobId = (
    await createJob(t.db, employer.id, {
      title: HOSTILE_TITLE,
      description: `Unload trucks at the depot. ${"Bring gloves and good shoes. ".repeat(20)}`,
      hourlyRate: 450,
      currency: "RUB",
      startDate: "2026-12-01",
      durationDays: 3,
      district: "Выборгская набережная",
    })
  ).id;
  cancelledJobId = (await createJob(t.db, employer.id, { title: "Old shift", status: "cancelled", hourlyRate: null })).id;
  visibleProfileId = (
    await createWorker(t.db, { fullName: "Dilnoza <Karimova>", bio: "Careful mover & packer.", location: "Tashkent" })
  ).id;
  const owner = await signUpMember(t, { userType: "worker" });
  await t.db.update(profiles).set({ privacyProfileVisible: false }).where(eq(profiles.id, owner.id));
  hiddenOwner = owner;
  unfinishedId = (await createPerson(t.db, { onboardingCompletedAt: null })).id;
});
afterAll(async () => {
  await t.close();
  await rm(staticDir, { recursive: true, force: true });
});

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** The page's <title> and its meta tags by name or property, decoded. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const meta: Record<string, string> = {};
  for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    if (match[1] && match[2] !== undefined) meta[match[1]] = decode(match[2]);
  }
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decode(match[1] ?? ""));
  const canonical = head.match(/<link rel="canonical" href="([^"]*)">/)?.[1];
  return { meta, titles, canonical: canonical && decode(canonical), head };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("a shared job page", () => {
  it("carries its title, rate, place and dates, its address, language and picture", async () => {
    const res = await get(`/jobs/${jobId}`, { "accept-language": "ru" });
    expect(res.statusCode).toBe(200);
    const { meta, titles, canonical } = headOf(res.body);
    expect(titles).toEqual([`${HOSTILE_TITLE} · Daywork`]);
    expect(meta["og:title"]).toBe(HOSTILE_TITLE);
    expect(meta["twitter:title"]).toBe(HOSTILE_TITLE);
    expect(meta["og:type"]).toBe("website");
    expect(meta["og:site_name"]).toBe("Daywork");
    expect(meta["og:url"]).toBe(`${TEST_ORIGIN}/jobs/${jobId}`);
    expect(canonical).toBe(`${TEST_ORIGIN}/jobs/${jobId}`);
    expect(meta["og:locale"]).toBe("ru_RU");
    expect(meta["og:image"]).toBe(`${TEST_ORIGIN}/og-image.png`);
    expect(meta["og:image:width"]).toBe("1200");
    expect(meta["twitter:card"]).toBe("summary_large_image");
    expect(meta["twitter:image"]).toBe(`${TEST_ORIGIN}/og-image.png`);
    const description = meta.description?.replace(/[\u00a0\u202f]/g, " ") ?? "";
    expect(description).toMatch(
      /^450 ₽\/час · Выборгская набережная, Москва · Начало: 1 декабря 2026 г\. \(3 дня\)\. Unload trucks/,
    );
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.endsWith("…")).toBe(true);
    expect(meta["og:description"]).toBe(meta.description);
    expect(meta["twitter:description"]).toBe(meta.description);
  });

  it("never lets a hostile title out of its attribute or its element", async () => {
    const { head } = headOf((await get(`/jobs/${jobId}`)).body);
    expect(head).not.toContain("<script>alert(1)");
    expect(head).not.toContain("<b>");
    expect(head).not.toContain(`"&" `);
    expect(head).toContain("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<\/title>/g)).toHaveLength(1);
    // Only the entry script: nothing the title carried became an element.
    expect(head.match(/<script/g)).toHaveLength(1);
  });

  it("speaks the reader's language and says when a job is no longer open", async () => {
    const de = headOf((await get(`/jobs/${jobId}`, { "accept-language": "de-DE" })).body).meta;
    expect(de["og:locale"]).toBe("de_DE");
    expect(de.description).toMatch(/^450 ₽\/Std\. · .*Moskau · Beginn: 1\. Dezember 2026 \(3 Tage\)/);
    const ar = headOf((await get(`/jobs/${cancelledJobId}`, { cookie: "language=ar" })).body);
    expect(ar.meta["og:locale"]).toBe("ar_AR");
    expect(ar.meta.description?.startsWith("ملغاة · ") || ar.meta.description?.startsWith("ملغى · ")).toBe(true);
    const en = headOf((await get(`/jobs/${cancelledJobId}`, { "accept-language": "en" })).body);
    expect(en.meta.description).toMatch(/^Cancelled · Negotiable · Moscow · Starts /);
  });
});

describe("a shared profile page", () => {
  it("carries the person's name, kind, place and bio", async () => {
    const res = await get(`/profile/${visibleProfileId}`, { "accept-language": "en" });
    expect(res.statusCode).toBe(200);
    const { meta, titles } = headOf(res.body);
    expect(titles).toEqual(["Dilnoza <Karimova> · Daywork"]);
    expect(meta["og:type"]).toBe("profile");
    expect(meta["og:title"]).toBe("Dilnoza <Karimova>");
    expect(meta.description).toBe("Worker · Tashkent. Careful mover & packer.");
    expect(meta["og:url"]).toBe(`${TEST_ORIGIN}/profile/${visibleProfileId}`);
    expect(res.body).not.toContain("<Karimova>");
  });

  it("is a 404 without any of the person's details when hidden or unfinished, but its owner still sees theirs", async () => {
    for (const id of [hiddenOwner.id, unfinishedId, "nobody-at-all", "bad%20id"]) {
      const res = await get(`/profile/${id}`, { "accept-language": "en" });
      expect(res.statusCode, id).toBe(404);
      const { meta, titles } = headOf(res.body);
      expect(titles).toEqual(["This profile is hidden or does not exist · Daywork"]);
      expect(meta.robots).toBe("noindex");
      expect(meta["og:title"]).toBeUndefined();
      expect(res.body).toContain('<div id="root">');
    }
    const own = await get(`/profile/${hiddenOwner.id}`, { cookie: hiddenOwner.cookie });
    expect(own.statusCode).toBe(200);
    expect(headOf(own.body).meta["og:type"]).toBe("profile");
  });
});

describe("status codes", () => {
  it("answers an address that is no page, and a missing job, with 404 and the SPA's page", async () => {
    for (const url of [
      "/no-such-page",
      "/jobs",
      "/jobs/not-a-uuid",
      "/jobs/00000000-0000-4000-8000-000000000000",
      "/settings/x/y",
    ]) {
      const res = await get(url, { "accept-language": "en" });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('src="/assets/index-abc.js"');
      expect(headOf(res.body).meta.robots, url).toBe("noindex");
    }
    expect(headOf((await get("/no-such-page", { "accept-language": "en" })).body).titles).toEqual([
      "Oops! Page not found · Daywork",
    ]);
    expect(headOf((await get("/jobs/00000000-0000-4000-8000-000000000000", { "accept-language": "en" })).body).titles).toEqual([
      "Job not found · Daywork",
    ]);
    expect((await t.app.inject({ method: "HEAD", url: "/no-such-page" })).statusCode).toBe(404);
  });

  it("answers every page of the SPA with 200, with or without a trailing slash or a query", async () => {
    for (const url of ["/", "/?category=moving", "/auth", "/settings", "/settings/", "/chats", "/terms", `/jobs/${jobId}/chat`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(headOf(res.body).titles, url).toHaveLength(1);
      expect(headOf(res.body).meta.robots, url).toBeUndefined();
    }
    const home = headOf((await get("/", { "accept-language": "en" })).body);
    expect(home.titles).toEqual(["Find day jobs near you · Daywork"]);
    expect(home.meta["og:url"]).toBe(`${TEST_ORIGIN}/`);
    expect((await get("/api/nothing")).statusCode).toBe(404);
  });
});
