import { createFileRoute, redirect } from "@tanstack/react-router";

/** /ops opens on the marketplace's health, which every operator sees; the team is one link away for admins. */
export const Route = createFileRoute("/_authed/ops/")({
  beforeLoad: () => {
    throw redirect({ to: "/ops/health" });
  },
});
