import { createFileRoute, redirect } from "@tanstack/react-router";

/** /ops opens on the team, the console's one section so far. */
export const Route = createFileRoute("/_authed/ops/")({
  beforeLoad: () => {
    throw redirect({ to: "/ops/team" });
  },
});
