import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { pageTitle } from "./page-title.ts";

/** Every route file of the SPA, with its text. */
function routeFiles(dir = "src/routes"): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(path) : [{ path, text: readFileSync(path, "utf8") }];
  });
}

// Layouts and redirects have no page of their own; the chat pages are titled by the chat's header (ChatHeader).
const TITLED_ELSEWHERE = new Set([
  "src/routes/__root.tsx",
  "src/routes/_authed.tsx",
  "src/routes/_authed/ops.tsx",
  "src/routes/_authed/ops.index.tsx",
]);
const TITLED_BY_CHAT_HEADER = ["src/routes/_authed/jobs.$jobId.chat.tsx", "src/routes/_authed/chats.$conversationId.tsx"];

describe("page titles", () => {
  it("name the page, then the site", () => {
    expect(pageTitle("Warehouse helper")).toMatch(/^Warehouse helper · \S/);
    expect(pageTitle(null)).not.toContain("·");
  });

  it("are set by every route's page", () => {
    const untitled = routeFiles()
      .filter((file) => !TITLED_ELSEWHERE.has(file.path) && !TITLED_BY_CHAT_HEADER.includes(file.path))
      .filter((file) => !file.text.includes("usePageTitle("))
      .map((file) => file.path);
    expect(untitled).toEqual([]);
    for (const path of TITLED_BY_CHAT_HEADER) expect(readFileSync(path, "utf8")).toContain("<ChatView");
    expect(readFileSync("src/components/chat/chat-header.tsx", "utf8")).toContain("usePageTitle(");
  });
});
