import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { isSpaPage, SPA_PAGE_PATHS } from "./page-paths.ts";

/** The full paths the router generator wrote into the route tree ("/chats/" for an index route). */
function routeTreePaths(): string[] {
  const tree = readFileSync("src/routeTree.gen.ts", "utf8");
  const block = tree.match(/fullPaths:([^]*?)\n\s*fileRoutesByTo/)?.[1] ?? "";
  return [...block.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? "");
}

describe("the SPA's page addresses", () => {
  it("are exactly the route tree's pages", () => {
    const tree = routeTreePaths().map((p) => (p.length > 1 ? p.replace(/\/$/, "") : p));
    expect(tree.length).toBeGreaterThan(10);
    expect([...SPA_PAGE_PATHS].sort()).toEqual([...new Set(tree)].sort());
  });

  it("match with their parameters and an optional trailing slash, and nothing else", () => {
    for (const page of ["/", "/auth", "/jobs/6c1b1f0e-0000-4000-8000-000000000001", "/jobs/x/chat", "/settings/", "/chats/"]) {
      expect(isSpaPage(page), page).toBe(true);
    }
    for (const page of ["/nothing", "/jobs", "/jobs/a/b", "/profile/a/b", "/settingsx", "/api/health", "//", "/auth/x"]) {
      expect(isSpaPage(page), page).toBe(false);
    }
  });
});
