/**
 * Every page address the SPA has, as its route tree names them (`$param` for one path segment).
 * The server answers these with the SPA's page and status 200; any other address gets the same page,
 * which renders the SPA's "not found", with status 404. `page-paths.test.ts` checks this list against
 * the generated route tree (src/routeTree.gen.ts): a new route fails it until it is named here.
 */
export const SPA_PAGE_PATHS = [
  "/",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/account-deleted",
  "/terms",
  "/privacy",
  "/impressum",
  "/jobs/$jobId",
  "/jobs/$jobId/edit",
  "/jobs/$jobId/applications",
  "/jobs/$jobId/chat",
  "/jobs/$jobId/attendance",
  "/jobs/$jobId/check-in",
  "/jobs/$jobId/timesheets",
  "/jobs/$jobId/post-again",
  "/chats",
  "/chats/$conversationId",
  "/my-jobs",
  "/money",
  "/favourites",
  "/notifications",
  "/onboarding",
  "/post-job",
  "/profile",
  "/profile/$profileId",
  "/settings",
  "/settings/notifications",
  "/settings/privacy",
  "/settings/saved-searches",
  "/settings/blocked",
  "/settings/reports",
  "/payouts",
  "/ops",
  "/ops/health",
  "/ops/team",
  "/settings/decisions",
  "/decisions/$decisionId",
  "/ops/queue",
  "/ops/queue/$subjectType/$subjectId",
  "/ops/appeals/$appealId",
  "/ops/money",
] as const;

const PATTERNS = SPA_PAGE_PATHS.map((page) => new RegExp(`^${page.replace(/\$\w+/g, "[^/]+").replace(/\/$/, "")}/?$`));

/** True when `urlPath` (no query) is one of the SPA's pages; a trailing slash is allowed, as the router allows it. */
export function isSpaPage(urlPath: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(urlPath));
}
