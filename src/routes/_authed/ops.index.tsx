import { createFileRoute, redirect } from "@tanstack/react-router";

/** /ops opens on the moderation queue, which every operator works (docs/decisions/074). */
export const Route = createFileRoute("/_authed/ops/")({
  beforeLoad: () => {
    throw redirect({ to: "/ops/queue" });
  },
});
