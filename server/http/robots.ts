import type { FastifyInstance } from "fastify";

/**
 * What crawlers may read: the public pages (home, jobs, public profiles, legal texts), never the API
 * and never a page that only makes sense signed in or from a mailed link. `*` and `$` are RFC 9309's
 * wildcard and end-of-path marks ("/profile$" is one's own profile; "/profile/{id}" stays open).
 */
const DISALLOWED = [
  "/api/",
  "/dev/",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/account-deleted",
  "/onboarding",
  "/post-job",
  "/my-jobs",
  "/chats",
  "/notifications",
  "/settings",
  "/profile$",
  "/jobs/*/edit",
  "/jobs/*/applications",
  "/jobs/*/chat",
];

/** The robots.txt text for a site at `publicUrl`, naming its sitemap. */
export function robotsText(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}

/** GET /robots.txt. */
export async function robotsRoute(app: FastifyInstance, deps: { publicUrl: string }) {
  const text = robotsText(deps.publicUrl);
  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(text),
  );
}
