import { createFileRoute, Link, Outlet, redirect } from "@tanstack/react-router";

import { m } from "../../paraglide/messages.js";

/**
 * The operator console (docs/decisions/071, 072, 074, 080): its own code-split routes, which no visitor or member
 * downloads. Every operator works the moderation queue and sees the marketplace's health; the team is for admins. Anyone else is sent
 * home. The server checks the role on every call; this only spares others a page of refusals.
 */
export const Route = createFileRoute("/_authed/ops")({
  beforeLoad: async ({ context }) => {
    const { role } = await context.queryClient.fetchQuery(context.trpc.operators.myRole.queryOptions());
    if (role === null) throw redirect({ to: "/" });
    return { operatorRole: role };
  },
  component: OpsLayout,
});

const TAB = "inline-flex h-9 items-center border-b-2 px-3 text-sm font-medium pointer-coarse:h-11";

/** The console's sections; Team is for admins. */
const SECTIONS = [
  { to: "/ops/queue", label: () => m.ops_nav_queue(), testId: "ops-nav-queue", adminOnly: false },
  { to: "/ops/health", label: () => m.health_title(), testId: "ops-nav-health", adminOnly: false },
  { to: "/ops/money", label: () => m.ops_nav_money(), testId: "ops-nav-money", adminOnly: false },
  { to: "/ops/team", label: () => m.ops_team_title(), testId: "ops-nav-team", adminOnly: true },
] as const;

function OpsLayout() {
  const { operatorRole } = Route.useRouteContext();
  return (
    <>
      <nav aria-label={m.ops_nav_label()} className="mx-auto w-full max-w-5xl px-4 pt-4" data-testid="ops-nav">
        <ul className="flex gap-2 border-b">
          {SECTIONS.filter((section) => !section.adminOnly || operatorRole === "admin").map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className={TAB}
                activeProps={{ className: "border-primary text-foreground", "aria-current": "page" }}
                inactiveProps={{ className: "border-transparent text-muted-foreground" }}
                data-testid={section.testId}
              >
                {section.label()}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
