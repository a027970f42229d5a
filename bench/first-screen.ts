// How soon a page's content is on the screen on a hard load, for a visitor and for a signed-in worker
// (the demo's worker@daywork.demo), in a production build served by the real server on an embedded
// database with the demo data, in Debian's Chromium: the home list for both, and /chats, /profile,
// /settings for the worker. Per page: the time from the navigation's start to the content's first
// element in the document (parsed from the server's HTML or added by the app), the layout shift of the
// first 2 s, whether "Loading jobs…" was ever shown, and whether the content came in the first response.
// Runs alternate visitor and worker; medians are printed with the worker's ratio to the visitor's home.
//
//   npm run build && npm run bench:first-screen
//   BENCH_URL=http://localhost:3000 npx tsx bench/first-screen.ts   # a server already running, with the demo data
//   BENCH_RUNS=7                                                   # runs per page (median kept)
import { chromium, type Browser } from "@playwright/test";

import { CHROMIUM_FLAGS, CHROMIUM_HEADLESS_SHELL_PATH } from "../e2e/chromium.ts";
import { text } from "../e2e/support.ts";
import { startDemoServer } from "./support/demo-server.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = 3291;
const WORKER = { email: "worker@daywork.demo", password: "demo1234" };
const SETTLE_MS = 2000;

/** Each page measured, and the element that says its content is on the screen. */
const PAGES = [
  { name: "home (visitor)", path: "/", member: false, content: '[data-testid="job-card"]' },
  { name: "home (worker)", path: "/", member: true, content: '[data-testid="job-card"]' },
  { name: "/chats", path: "/chats", member: true, content: '[data-testid="chats-list"], [data-testid="chats-empty"]' },
  { name: "/profile", path: "/profile", member: true, content: '[data-testid="profile-view-public"]' },
  { name: "/settings", path: "/settings", member: true, content: "main#main form" },
] as const;

type Figures = { contentMs: number; cls: number; loadingShown: boolean; inFirstResponse: boolean };

/** The worker's session cookie, signed in through the auth API as the sign-in form does. */
async function signIn(url: string): Promise<{ name: string; value: string }> {
  // The demo accounts are made just after the server answers: ask again for a while.
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify(WORKER),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token"));
    if (res.ok && cookie) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`could not sign in as ${WORKER.email}`);
}

async function measure(
  browser: Browser,
  url: string,
  page: (typeof PAGES)[number],
  session: { name: string; value: string },
): Promise<Figures> {
  const context = await browser.newContext({ locale: "ru-RU", viewport: { width: 390, height: 844 } });
  if (page.member) await context.addCookies([{ ...session, url }]);
  const tab = await context.newPage();
  const loading = text("ru", "home_loading");
  // A string, not a function: tsx's output would call a helper of its own (__name) inside the page.
  await tab.addInitScript(`(() => {
    const selector = ${JSON.stringify(page.content)}, loading = ${JSON.stringify(loading)};
    const seen = { contentMs: -1, cls: 0, loadingShown: false };
    globalThis.firstScreen = seen;
    const check = () => {
      if (seen.contentMs < 0 && document.querySelector(selector)) seen.contentMs = performance.now();
      if (!seen.loadingShown && document.body && document.body.textContent.includes(loading)) seen.loadingShown = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  })();`);
  let html = "";
  tab.on("response", (response) => {
    if (response.request().isNavigationRequest()) void response.text().then((text) => (html = text));
  });
  await tab.goto(`${url}${page.path}`);
  await tab.locator(page.content).first().waitFor({ state: "attached", timeout: 15_000 });
  await tab.waitForTimeout(SETTLE_MS);
  const seen = await tab.evaluate(() => (globalThis as unknown as { firstScreen: Omit<Figures, "inFirstResponse"> }).firstScreen);
  const marker = /data-testid="([^"]+)"/.exec(page.content)?.[1] ?? "<form";
  await context.close();
  return { ...seen, inFirstResponse: html.includes(marker) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const server = await startDemoServer({
  port: PORT,
  url: process.env.BENCH_URL,
  name: "first-screen",
  env: { LOG_LEVEL: "silent", AUTH_RATE_LIMIT: "false" },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_HEADLESS_SHELL_PATH, args: CHROMIUM_FLAGS });
try {
  const session = await signIn(server.url);
  const runs = new Map<string, Figures[]>(PAGES.map((p) => [p.name, []]));
  // One warm-up load of each page (the server's first render, the browser's first start), not counted.
  for (const page of PAGES) await measure(browser, server.url, page, session);
  for (let i = 0; i < RUNS; i++)
    for (const page of PAGES) runs.get(page.name)?.push(await measure(browser, server.url, page, session));
  const visitorHome = median((runs.get(PAGES[0].name) ?? []).map((r) => r.contentMs));
  console.log(`Time to content on a hard load (390 px, ru), median of ${RUNS} alternating runs; ratio to a visitor's home`);
  for (const page of PAGES) {
    const figures = runs.get(page.name) ?? [];
    const ms = median(figures.map((r) => r.contentMs));
    console.log(
      `${page.name.padEnd(15)} content ${String(Math.round(ms)).padStart(5)} ms  ×${(ms / visitorHome).toFixed(2)}  CLS ${median(figures.map((r) => r.cls)).toFixed(3)}  "loading" shown ${figures.filter((r) => r.loadingShown).length}/${figures.length}  in first response ${figures.filter((r) => r.inFirstResponse).length}/${figures.length}`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
