import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";

/**
 * Every protected page lives under this pathless layout: visitors go to /auth and come back after
 * signing in; people who have not finished onboarding are sent there first, except to their privacy
 * rights, which do not wait for it (docs/decisions/012), and go on to the page afterwards.
 */
const BEFORE_ONBOARDING = new Set(["/onboarding", "/settings/privacy"]);

export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(context.trpc.profiles.me.queryOptions());
    // The job form is where a newcomer who wants to hire is going: they meet Sign Up first (docs/decisions/053).
    const tab = location.pathname === "/post-job" ? "sign-up" : undefined;
    if (!me) throw redirect({ to: "/auth", search: { tab, redirect: location.href } });
    if (!me.profile?.onboardingCompletedAt && !BEFORE_ONBOARDING.has(location.pathname)) {
      // Onboarding continues to the page that was asked for.
      throw redirect({ to: "/onboarding", search: { redirect: location.href } });
    }
    return { me: { ...me, profile: me.profile } };
  },
  component: Outlet,
});
