import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { ExternalLink, MessagesSquare } from "lucide-react";

import { InterestsCard } from "../../components/profile/interests-card.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { PostedJobsCard } from "../../components/profile/posted-jobs-card.tsx";
import { PreviousJobsCard } from "../../components/profile/previous-jobs-card.tsx";
import { ProfileLinksCard } from "../../components/profile/profile-links-card.tsx";
import { HiddenProfileNotice, ProfileSummaryCard } from "../../components/profile/profile-summary-card.tsx";
import { MyReliabilityCard } from "../../components/profile/reliability-card.tsx";
import { ReviewsCard } from "../../components/profile/reviews-card.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { useMe } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/profile")({
  loader: ({ context }) => {
    const me = context.queryClient.getQueryData(context.trpc.profiles.me.queryKey());
    const userId = me?.user.id;
    if (userId) void context.queryClient.prefetchQuery(context.trpc.ratings.summary.queryOptions({ userId }));
  },
  // Opened from a bookmark or a notification: server-side rendering with its data (docs/decisions/052).
  ...(import.meta.env.SSR ? { staticData: { serverRendered: "everyone" } } : {}),
  component: OwnProfilePage,
});

/** /profile: the signed-in person's own profile (docs/product.md, Screens). */
function OwnProfilePage() {
  usePageTitle(m.profile_title());
  const context = Route.useRouteContext();
  const me = useMe().data ?? context.me;
  const profile = me.profile ?? context.me.profile;
  const userId = me.user.id;
  const summary = useQuery(trpc.ratings.summary.queryOptions({ userId }));
  if (!profile) return null;
  const isWorker = profile.userType === "worker";

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-8">
      <PageHeader
        title={m.profile_title()}
        backTo="/"
        actions={
          <LinkButton to="/chats" data-testid="profile-chats" variant="outline" size="sm">
            <MessagesSquare aria-hidden />
            {m.profile_link_chats()}
          </LinkButton>
        }
      />
      <div className="grid gap-4 lg:gap-6">
        <ProfileSummaryCard
          profile={{ ...profile, email: null }}
          rating={summary.data ?? (summary.isPending ? undefined : { average: null, count: 0 })}
        >
          {!profile.privacyProfileVisible && <HiddenProfileNotice />}
          <LinkButton
            to="/profile/$profileId"
            params={{ profileId: userId }}
            data-testid="profile-view-public"
            variant="link"
            size="sm"
            className="h-auto min-h-9 justify-self-start px-0 whitespace-normal"
          >
            <ExternalLink aria-hidden />
            {m.profile_view_public()}
          </LinkButton>
        </ProfileSummaryCard>
        {isWorker && (
          <div className="grid gap-4 md:grid-cols-2 lg:gap-6">
            <InterestsCard />
            <PreviousJobsCard userId={userId} showAllLink />
          </div>
        )}
        {/* Whatever the type: a worker who posted a job still finds it here (docs/product.md, Roles). */}
        <PostedJobsCard />
        <MyReliabilityCard />
        <ReviewsCard userId={userId} />
        <ProfileLinksCard />
      </div>
    </main>
  );
}
