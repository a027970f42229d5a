import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../db/factories/jobs.ts";
import { LANGUAGE_CODES } from "../domain/languages.ts";
import { signUpMember, type SignedUp } from "../server/testing/accounts.ts";
import { createTestApp, type TestApp } from "../server/testing/test-app.ts";
import { productionBuild } from "./production-build.ts";

// The app's real render (src/entry-server.tsx), built as `npm run build` builds it, behind the real server: what a
// phone is sent for the home list and a job page, in every language.
const INDEX = `<!doctype html>
<html lang="ru">
  <head><script type="module" crossorigin src="/assets/index-abc.js"></script></head>
  <body>
    <div id="root"><div class="shell"></div></div>
  </body>
</html>
`;

let staticDir: string;
let t: TestApp;
let owner: SignedUp;
let jobId: string;
const TITLE = "Loading a removal van on Saturday";

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), "daywork-render-"));
  await writeFile(path.join(staticDir, "index.html"), INDEX);
  await productionBuild({ ssr: true, outDir: path.join(staticDir, ".ssr") });
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  owner = await signUpMember(t, { userType: "employer" });
  jobId = (await createJob(t.db, owner.id, { title: TITLE, description: "Carry boxes down three floors." })).id;
}, 240_000);
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

const renderedPart = (html: string) => html.match(/<div id="root"><div inert>([\s\S]*)<\/div><\/div>/)?.[1] ?? null;

async function label(language: string, key: string): Promise<string> {
  const messages = JSON.parse(await readFile(`messages/${language}.json`, "utf8")) as Record<string, string>;
  const text = messages[key];
  if (!text) throw new Error(`no ${key} in ${language}`);
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
}

describe("server-side rendering of the first screen by the app's own render", () => {
  it.each(LANGUAGE_CODES)("renders the job for a visitor reading %s", async (language) => {
    const res = await t.app.inject({ method: "GET", url: `/jobs/${jobId}`, headers: { cookie: `language=${language}` } });
    expect(res.statusCode).toBe(200);
    const rendered = renderedPart(res.body);
    expect(rendered, "the page came with its shell, not the rendered job").not.toBeNull();
    expect(rendered).toContain(TITLE);
    expect(rendered).toContain("Carry boxes down three floors.");
    expect(rendered).toContain(await label(language, "job_page_posted"));
    // How it is paid and what a late cancellation pays, stated before anyone applies (docs/decisions/078).
    expect(rendered).toContain(await label(language, "job_pay_direct"));
    expect(rendered).toContain(await label(language, "job_page_cancellation"));
    expect(rendered).toContain('data-testid="nav-sign-in"');
  });

  it.each(LANGUAGE_CODES)(
    "renders the home list for a visitor reading %s, with the filters of a phone and of a wide screen",
    async (language) => {
      const res = await t.app.inject({ method: "GET", url: "/", headers: { cookie: `language=${language}` } });
      expect(res.statusCode).toBe(200);
      const rendered = renderedPart(res.body);
      expect(rendered, "the page came with its shell, not the rendered list").not.toBeNull();
      expect(rendered).toContain(await label(language, "home_title"));
      expect(rendered).toMatch(new RegExp(`data-testid="job-card"[^]*${TITLE}`));
      // The server does not know the screen: both ways of the filters come, and CSS shows the one that fits.
      expect(rendered).toMatch(/<section [^>]*class="[^"]*max-sm:hidden[^"]*"[^]*data-testid="filter-category"/);
      expect(rendered).toMatch(/<section [^>]*class="[^"]* sm:hidden"[^]*data-testid="filters-open"/);
    },
  );

  it("leaves a signed-in reader's job page to the app (their parts of it are their own)", async () => {
    const res = await t.app.inject({ method: "GET", url: `/jobs/${jobId}`, headers: { cookie: `${owner.cookie}; language=en` } });
    expect(res.statusCode).toBe(200);
    expect(renderedPart(res.body)).toBeNull();
    expect(res.body).toContain('<div class="shell">');
  });
});
