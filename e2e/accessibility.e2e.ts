import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";

import { appTookOver, newAccount, postJob, signUpAndOnboard, startInLanguage, text } from "./support.ts";

// axe-core inside the journeys: every main page, as the person who sees it, with real data made through
// the UI (a job with a hired worker, a rejected applicant, a conversation, notifications), on a phone
// (375 px) in Arabic (right to left) and a desktop (1280 px) in English: what axe checks is the markup,
// which direction does not change, while the phone's layout has its own (tab bar, filter sheet).
// Any critical or serious violation fails, listed page by page with the rule, the elements and what axe says to fix.
// The variants run on both workers at once, each worker making the scene once for the ones it runs.

type Who = "visitor" | "employer" | "worker";
type Session = { cookies: Awaited<ReturnType<BrowserContext["cookies"]>> };

type Scene = {
  jobId: string;
  employerId: string;
  sessions: Record<Exclude<Who, "visitor">, Session>;
};

/** A browser context signed in as `who` (cookies only), reading `locale`, at `width`, with animations off. */
async function contextFor(browser: Browser, scene: Scene, who: Who, locale: string, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    locale,
    reducedMotion: "reduce",
  });
  if (who !== "visitor") await context.addCookies(scene.sessions[who].cookies.filter((c) => c.name !== "language"));
  const page = await context.newPage();
  await startInLanguage(page, locale);
  return { context, page };
}

/** Chat lines in a group conversation: one each way, so both kinds of bubbles and their times are there. */
async function say(page: Page, message: string) {
  await page.getByTestId("chat-composer-input").fill(message);
  await page.getByTestId("chat-send").click();
  await expect(page.getByTestId("chat-message").filter({ hasText: message })).toBeVisible();
}

/** The people, the job and the conversation the pages show, made through the UI. */
async function makeScene(browser: Browser): Promise<Scene> {
  const [bossContext, handContext, otherContext] = [
    await browser.newContext(),
    await browser.newContext(),
    await browser.newContext(),
  ];
  const [boss, hand, other] = [await bossContext.newPage(), await handContext.newPage(), await otherContext.newPage()];
  for (const page of [boss, hand, other]) await startInLanguage(page, "en");
  const handAccount = newAccount("worker");
  const otherAccount = newAccount("applicant");
  await signUpAndOnboard(boss, newAccount("employer"), "employer", { company: "Aspen Events" });
  await signUpAndOnboard(hand, handAccount, "worker");
  await signUpAndOnboard(other, otherAccount, "worker");
  const jobId = await postJob(boss, { title: "Banquet waiter for a wedding", workers: 2, skill: "Serving" });
  const employerHref = await boss.getByTestId("job-employer").locator("a").getAttribute("href");
  const employerId = employerHref?.split("/").pop() ?? "";

  for (const [page, message] of [
    [hand, "I served at banquets for three summers."],
    [other, "Free all weekend."],
  ] as const) {
    await page.goto(`/jobs/${jobId}`);
    await page.getByTestId("apply-message").fill(message);
    await page.getByTestId("apply-button").click();
    await expect(page.getByTestId("apply-status")).toHaveAttribute("data-status", "pending");
  }

  // The employer hires one and rejects the other (confirmed; the card then offers Undo for a while).
  await boss.goto(`/jobs/${jobId}/applications`);
  const hired = boss.getByTestId("application-card").filter({ hasText: handAccount.name });
  await hired.getByTestId("application-accept").click();
  await expect(hired).toHaveAttribute("data-status", "accepted");
  const turnedDown = boss.getByTestId("application-card").filter({ hasText: otherAccount.name });
  await turnedDown.getByTestId("application-reject").click();
  await boss.getByTestId("application-reject-confirm").click();
  await expect(turnedDown).toHaveAttribute("data-status", "rejected");

  // Both talk in the job's group chat.
  await boss.goto(`/jobs/${jobId}/chat`);
  await say(boss, "Welcome aboard! Please come at 7 am.");
  await hand.goto(`/jobs/${jobId}/chat`);
  await say(hand, "Thank you, I will be there.");

  const sessions = { employer: { cookies: await bossContext.cookies() }, worker: { cookies: await handContext.cookies() } };
  for (const context of [bossContext, handContext, otherContext]) await context.close();
  return { jobId, employerId, sessions };
}

const test = base.extend<object, { scene: Scene }>({
  scene: [async ({ browser }, use) => use(await makeScene(browser)), { scope: "worker", timeout: 240_000 }],
});

type PageCheck = {
  name: string;
  who: Who;
  path: (scene: Scene) => string;
  /** What shows once the page has its data. */
  ready: (page: Page) => Locator;
  /** Something to open before a second scan (a dialog, a calendar, a menu); false when this width has none. */
  open?: { name: string; run: (page: Page) => Promise<boolean | void> };
};

const PAGES: PageCheck[] = [
  {
    name: "home",
    who: "visitor",
    path: () => "/",
    ready: (p) => p.getByTestId("job-card").first(),
    open: {
      name: "language menu",
      run: async (p) => {
        await p.getByTestId("language-switcher").click();
        await expect(p.getByTestId("language-en")).toBeVisible();
      },
    },
  },
  {
    name: "home, signed in",
    who: "worker",
    path: () => "/",
    ready: (p) => p.getByTestId("job-card").first(),
    open: {
      name: "filter sheet",
      // Phones only: wider screens show the filters in the page.
      run: async (p) => {
        if (!(await p.getByTestId("filters-open").isVisible())) return false;
        await p.getByTestId("filters-open").click();
        await expect(p.getByTestId("filters-sheet")).toBeVisible();
      },
    },
  },
  { name: "job, visitor", who: "visitor", path: (scene) => `/jobs/${scene.jobId}`, ready: (p) => p.getByTestId("apply-card") },
  {
    name: "job, owner",
    who: "employer",
    path: (scene) => `/jobs/${scene.jobId}`,
    ready: (p) => p.getByTestId("manage-job-card"),
    open: {
      name: "Cancel dialog",
      run: async (p) => {
        await p.getByTestId("job-status-cancel").click();
        await expect(p.getByTestId("job-cancel-dialog")).toBeVisible();
      },
    },
  },
  {
    name: "job, hired worker",
    who: "worker",
    path: (scene) => `/jobs/${scene.jobId}`,
    ready: (p) => p.getByTestId("apply-status"),
  },
  { name: "sign in", who: "visitor", path: () => "/auth", ready: (p) => p.getByTestId("sign-in-form") },
  { name: "sign up", who: "visitor", path: () => "/auth?tab=sign-up", ready: (p) => p.getByTestId("sign-up-form") },
  {
    name: "post a job",
    who: "employer",
    path: () => "/post-job",
    ready: (p) => p.getByTestId("job-title"),
    open: {
      name: "start date calendar",
      run: async (p) => {
        await p.getByTestId("job-start-date").click();
        await expect(p.locator("[data-day]").first()).toBeVisible();
      },
    },
  },
  {
    name: "applications",
    who: "employer",
    path: (scene) => `/jobs/${scene.jobId}/applications`,
    ready: (p) => p.getByTestId("application-card").nth(1),
  },
  {
    name: "group chat",
    who: "employer",
    path: (scene) => `/jobs/${scene.jobId}/chat`,
    ready: (p) => p.getByTestId("chat-message").nth(1),
    open: {
      name: "participants",
      run: async (p) => {
        await p.getByTestId("chat-participants").click();
        await expect(p.getByTestId("chat-participant-list")).toBeVisible();
      },
    },
  },
  { name: "chats", who: "worker", path: () => "/chats", ready: (p) => p.getByTestId("chat-card").first() },
  { name: "own profile", who: "worker", path: () => "/profile", ready: (p) => p.getByTestId("profile-view-public") },
  {
    name: "public profile",
    who: "visitor",
    path: (scene) => `/profile/${scene.employerId}`,
    ready: (p) => p.getByTestId("public-profile"),
  },
  { name: "settings", who: "worker", path: () => "/settings", ready: (p) => p.getByTestId("settings-full-name") },
  {
    name: "notification settings",
    who: "worker",
    path: () => "/settings/notifications",
    ready: (p) => p.getByTestId("notification-settings"),
  },
  { name: "privacy settings", who: "worker", path: () => "/settings/privacy", ready: (p) => p.getByTestId("privacy-toggles") },
  { name: "saved searches", who: "worker", path: () => "/settings/saved-searches", ready: (p) => p.locator("main h1").first() },
  { name: "my jobs, employer", who: "employer", path: () => "/my-jobs", ready: (p) => p.getByTestId("my-job-card").first() },
  { name: "my jobs, worker", who: "worker", path: () => "/my-jobs", ready: (p) => p.getByTestId("my-job-card").first() },
  { name: "notifications", who: "worker", path: () => "/notifications", ready: (p) => p.getByTestId("notification").first() },
];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** One violation as a reader can act on it: the rule, its impact, and each element with axe's advice. */
function describe(where: string, violation: Violation): string {
  const nodes = violation.nodes.map((node) => {
    const advice = (node.failureSummary ?? "").split("\n").map((line) => `        ${line.trim()}`);
    return [`      at ${node.target.join(" ")}`, `        ${node.html.slice(0, 200)}`, ...advice].join("\n");
  });
  return [`  ${where}: ${violation.id} (${violation.impact}) ${violation.help}`, `    ${violation.helpUrl}`, ...nodes].join("\n");
}

/** The critical and serious violations axe finds on the page as it is now. */
async function scan(page: Page, where: string, contrast: boolean): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // Label in name (WCAG 2.5.3): a control's visible words are part of its accessible name.
    .options({ rules: { "label-content-name-mismatch": { enabled: true }, "color-contrast": { enabled: contrast } } })
    .analyze();
  return results.violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => describe(where, v));
}

// Contrast, axe's slowest rule, once: colours change with neither width nor direction.
const VARIANTS = [
  { locale: "en", label: "desktop", width: 1280, contrast: true },
  { locale: "ar", label: "phone", width: 375, contrast: false },
] as const;

test.describe("accessibility (axe)", () => {
  test.describe.configure({ mode: "parallel" });
  for (const { locale, label, width, contrast } of VARIANTS) {
    test(`every main page has no critical or serious violation: ${locale}, ${label} (${width} px)`, async ({
      browser,
      scene,
    }) => {
      test.setTimeout(300_000);
      const found: string[] = [];
      const pages = new Map<Who, Awaited<ReturnType<typeof contextFor>>>();
      for (const who of ["visitor", "employer", "worker"] as const)
        pages.set(who, await contextFor(browser, scene, who, locale, width));
      for (const check of PAGES) {
        const opened = pages.get(check.who);
        if (!opened) continue;
        const { page } = opened;
        const where = `[${locale}, ${width} px] ${check.name} (${check.path(scene)})`;
        await page.goto(check.path(scene));
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(check.ready(page), `${where} did not show its content`).toBeVisible();
        found.push(...(await scan(page, where, contrast)));
        if (check.open && (await check.open.run(page)) !== false) {
          found.push(...(await scan(page, `${where} with the ${check.open.name} open`, contrast)));
          await page.keyboard.press("Escape");
        }
      }
      for (const { context } of pages.values()) await context.close();
      const report = `${found.length} critical or serious accessibility violation(s):\n${found.join("\n")}`;
      if (found.length > 0) console.log(report);
      expect(found, report).toEqual([]);
    });
  }

  for (const locale of ["en", "ar"] as const) {
    test(`"Skip to content" is the first stop and leads into the page, and focus shows a solid ring: ${locale}`, async ({
      browser,
      scene,
    }) => {
      const { context, page } = await contextFor(browser, scene, "employer", locale, locale === "ar" ? 375 : 1280);
      await page.goto(`/jobs/${scene.jobId}`);
      await expect(page.getByTestId("manage-job-card")).toBeVisible();
      // The server's copy of the page is replaced when the app takes over: focus must land in the app's.
      await appTookOver(page);

      await page.keyboard.press("Tab");
      const skip = page.getByTestId("skip-link");
      await expect(skip).toBeFocused();
      await expect(skip).toHaveText(text(locale, "skip_to_content"));
      // Visible once focused: inside the window, not above it.
      const box = await skip.boundingBox();
      expect(box && box.y >= 0 && box.height > 0).toBe(true);

      await page.keyboard.press("Enter");
      await expect(page.locator("main#main")).toBeFocused();
      // The next stop is in the page's content, past the header.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);

      // Every focused control shows a solid ring of at least 2 px, whatever its own classes.
      await page.getByTestId("job-status-cancel").focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(page.getByTestId("job-status-cancel")).toBeFocused();
      const outline = await page
        .getByTestId("job-status-cancel")
        .evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, width: parseFloat(getComputedStyle(el).outlineWidth) }));
      expect(outline.style).toBe("solid");
      expect(outline.width).toBeGreaterThanOrEqual(2);
      await context.close();
    });
  }
});
