// The main screens at 375 px in en, ru and ar, as docs/screenshots/ keeps them for the README:
//   npm run build && node scripts/screenshots.ts
// Starts the server on a fresh embedded database with the demo data (port SCREENSHOTS_PORT, 3290) and
// walks it in Debian's Chromium as a visitor, the demo worker and the demo employer.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { DEMO_LOGINS } from "../server/demo/seed-demo.ts";

const LANGUAGES = ["en", "ru", "ar"] as const;
const OUT = "docs/screenshots";
const port = Number(process.env.SCREENSHOTS_PORT ?? 3290);
const base = `http://localhost:${port}`;

type Shot = { name: string; as: "visitor" | "worker" | "employer"; open: (page: Page) => Promise<void> };

const firstJob = async (page: Page) => {
  await page.goto(`${base}/`);
  await page.locator("a[href^='/jobs/']").first().click();
  await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/);
};

const SHOTS: Shot[] = [
  { name: "home", as: "visitor", open: (page) => page.goto(`${base}/`).then(() => undefined) },
  { name: "job", as: "visitor", open: firstJob },
  { name: "my-jobs", as: "employer", open: (page) => page.goto(`${base}/my-jobs`).then(() => undefined) },
  { name: "chats", as: "worker", open: (page) => page.goto(`${base}/chats`).then(() => undefined) },
  { name: "profile", as: "worker", open: (page) => page.goto(`${base}/profile`).then(() => undefined) },
];

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start");
}

async function signIn(page: Page, role: "worker" | "employer"): Promise<void> {
  const login = DEMO_LOGINS.find((l) => l.role === role);
  if (!login) throw new Error(`no demo ${role}`);
  await page.goto(`${base}/auth`);
  await page.locator("input[type=email]").fill(login.email);
  await page.locator("input[type=password]").fill(login.password);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname !== "/auth");
}

async function shoot(browser: Browser, language: string, shot: Shot): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: language, deviceScaleFactor: 1 });
  await context.addCookies([{ name: "language", value: language, url: base }]);
  const page = await context.newPage();
  if (shot.as !== "visitor") await signIn(page, shot.as);
  await shot.open(page);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: path.join(OUT, `${language}-${shot.name}.png`) });
  await context.close();
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "daywork-screens-"));
const server = spawn(process.execPath, ["server/main.ts"], {
  stdio: "ignore",
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    EXCHANGE_RATES_URL: "off",
    AUTH_RATE_LIMIT: "false",
  },
});
try {
  await waitForServer();
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  for (const language of LANGUAGES) for (const shot of SHOTS) await shoot(browser, language, shot);
  await browser.close();
  console.log(`${LANGUAGES.length * SHOTS.length} screenshots in ${OUT}/`);
} finally {
  server.kill();
  await rm(dataDir, { recursive: true, force: true });
}
