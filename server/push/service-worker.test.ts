import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../testing/test-app.ts";

const WORKER = path.resolve("public/sw.js");
const ORIGIN = "https://daywork.example";

describe("the service worker as the server serves it", () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    // A built SPA as vite leaves it: public/ files copied to the root beside index.html.
    staticDir = await mkdtemp(path.join(os.tmpdir(), "daywork-static-"));
    await writeFile(path.join(staticDir, "index.html"), "<!doctype html><title>Daywork</title>");
    await copyFile(WORKER, path.join(staticDir, "sw.js"));
    t = await createTestApp({ env: { STATIC_DIR: staticDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it("is at the site's root (so its scope is the whole site), as JavaScript, revalidated on every check", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sw.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(await readFile(WORKER, "utf8"));
    // Our CSP allows a worker script from our own origin (worker-src falls back to script-src).
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("worker-src");
    expect(res.headers["service-worker-allowed"]).toBeUndefined();
  });
});

type Listener = (event: unknown) => void;
type Shown = { title: string; options: { body: string; tag?: string; data: { url: string } } };
type FakeWindow = { url: string; focused: boolean; navigatedTo?: string };

/** public/sw.js run in a context with what a browser's worker scope offers, recording what it does. */
async function runWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const windowClient = (w: FakeWindow) => ({
    get url() {
      return w.url;
    },
    focus: async () => {
      w.focused = true;
      return windowClient(w);
    },
    navigate: async (url: string) => {
      w.navigatedTo = url;
      w.url = url;
      return windowClient(w);
    },
  });
  const clients = {
    matchAll: async () => windows.map(windowClient),
    openWindow: async (url: string) => {
      opened.push(url);
      return null;
    },
    claim: async () => undefined,
  };
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    clients,
    registration: {
      showNotification: async (title: string, options: Shown["options"]) => {
        shown.push({ title, options });
      },
    },
  };
  vm.runInNewContext(await readFile(WORKER, "utf8"), { self, clients, location: { origin: ORIGIN }, URL, fetch });
  const dispatch = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  const push = (message: unknown) => dispatch("push", { data: { json: () => message } });
  const click = (url: unknown) => dispatch("notificationclick", { notification: { data: { url }, close: () => undefined } });
  return { push, click, shown, opened, listeners };
}

describe("the service worker", () => {
  it("shows a push's title and text, tagged with its notification, remembering the page to open", async () => {
    const worker = await runWorker();
    await worker.push({ title: "Neue Bewerbung", body: "Anna hat sich beworben", url: "/jobs/42/applications", tag: "n-1" });
    expect(worker.shown).toEqual([
      {
        title: "Neue Bewerbung",
        options: expect.objectContaining({ body: "Anna hat sich beworben", tag: "n-1", data: { url: "/jobs/42/applications" } }),
      },
    ]);
  });

  it("never points a notification outside the site, and shows something for a message it cannot read", async () => {
    const worker = await runWorker();
    for (const url of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", 42])
      await worker.push({ title: "T", body: "B", url, tag: "t" });
    expect(worker.shown.map((s) => s.options.data.url)).toEqual(["/", "/", "/", "/", "/"]);
    const unreadable = worker.listeners.get("push");
    const pending: Promise<unknown>[] = [];
    unreadable?.({
      data: {
        json: () => {
          throw new SyntaxError("not JSON");
        },
      },
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    await Promise.all(pending);
    expect(worker.shown.at(-1)).toMatchObject({ title: "Daywork", options: { data: { url: "/" } } });
  });

  it("on a click focuses a tab already at the page, else takes a tab of ours there, else opens one", async () => {
    const atPage: FakeWindow = { url: `${ORIGIN}/chats/7`, focused: false };
    const elsewhere: FakeWindow = { url: `${ORIGIN}/jobs`, focused: false };
    const foreign: FakeWindow = { url: "https://other.example/chats/7", focused: false };

    const focusing = await runWorker([foreign, elsewhere, atPage]);
    await focusing.click("/chats/7");
    expect(atPage.focused).toBe(true);
    expect(elsewhere.navigatedTo).toBeUndefined();

    const moving = await runWorker([foreign, elsewhere]);
    await moving.click("/chats/7");
    expect(elsewhere).toMatchObject({ navigatedTo: `${ORIGIN}/chats/7`, focused: true });
    expect(foreign.navigatedTo).toBeUndefined();

    const opening = await runWorker([foreign]);
    await opening.click("https://evil.example/");
    expect(opening.opened).toEqual([`${ORIGIN}/`]);
  });
});
