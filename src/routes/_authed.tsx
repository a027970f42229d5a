import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";

/**
 * Every protected page lives under this pathless layout: visitors go to /auth and come back after
 * signing in; people who have not finished onboarding are sent there first, except to their privacy
 * rights, which do not wait for it (docs/decisions/012).
 */
const BEFORE_ONBOARDING = new Set(["/onboarding", "/settings/privacy"]);

export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(context.trpc.profiles.me.queryOptions());
    if (!me) throw redirect({ to: "/auth", search: { redirect: location.href } });
    if (!me.profile?.onboardingCompletedAt && !BEFORE_ONBOARDING.has(location.pathname)) {
      throw redirect({ to: "/onboarding" });
    }
    return { me: { ...me, profile: me.profile } };
  },
  component: Outlet,
});
