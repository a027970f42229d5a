import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";

/**
 * The operator console (docs/decisions/071): its own code-split routes, which no visitor or member
 * downloads. Today it holds the team, for admins; anyone else is sent home. The server checks the role
 * on every call; this only spares others a page of refusals.
 */
export const Route = createFileRoute("/_authed/ops")({
  beforeLoad: async ({ context }) => {
    const { role } = await context.queryClient.fetchQuery(context.trpc.operators.myRole.queryOptions());
    if (role !== "admin") throw redirect({ to: "/" });
    return { operatorRole: role };
  },
  component: Outlet,
});
