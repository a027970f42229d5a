import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ExternalLink, EyeOff, MessagesSquare } from "lucide-react";
import { InterestsCard } from "../../components/profile/interests-card";
import { PageHeader } from "../../components/profile/page-header";
import { PostedJobsCard } from "../../components/profile/posted-jobs-card";
import { PreviousJobsCard } from "../../components/profile/previous-jobs-card";
import { ProfileLinksCard } from "../../components/profile/profile-links-card";
import { ProfileSummaryCard } from "../../components/profile/profile-summary-card";
import { ReviewsCard } from "../../components/profile/reviews-card";
import { Button } from "../../components/ui/button";
import { useMe } from "../../lib/session";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/profile")({
  loader: ({ context }) => {
    const me = context.queryClient.getQueryData(context.trpc.profiles.me.queryKey());
    const userId = me?.user.id;
    if (userId) void context.queryClient.prefetchQuery(context.trpc.ratings.summary.queryOptions({ userId }));
  },
  component: OwnProfilePage,
});

/** /profile: the signed-in person's own profile (SPEC.md §2). */
function OwnProfilePage() {
  const context = Route.useRouteContext();
  const me = useMe().data ?? context.me;
  const profile = me.profile ?? context.me.profile;
  const userId = me.user.id;
  const summary = useQuery(trpc.ratings.summary.queryOptions({ userId }));
  if (!profile) return null;
  const isWorker = profile.userType === "worker";

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-8">
      <PageHeader
        title={m.profile_title()}
        backTo="/"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/chats" data-testid="profile-chats">
              <MessagesSquare aria-hidden />
              {m.profile_link_chats()}
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4 lg:gap-6">
        <ProfileSummaryCard
          profile={{ ...profile, email: null }}
          rating={summary.data ?? (summary.isPending ? undefined : { average: null, count: 0 })}
        >
          {!profile.privacyProfileVisible && (
            <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="profile-hidden-notice">
              <EyeOff aria-hidden className="size-4 shrink-0" />
              {m.profile_hidden_notice()}
            </p>
          )}
          <Button asChild variant="link" size="sm" className="h-auto min-h-9 justify-self-start px-0 whitespace-normal">
            <Link to="/profile/$profileId" params={{ profileId: userId }} data-testid="profile-view-public">
              <ExternalLink aria-hidden />
              {m.profile_view_public()}
            </Link>
          </Button>
        </ProfileSummaryCard>
        {isWorker && (
          <div className="grid gap-4 md:grid-cols-2 lg:gap-6">
            <InterestsCard />
            <PreviousJobsCard userId={userId} showAllLink />
          </div>
        )}
        {!isWorker && <PostedJobsCard />}
        <ReviewsCard userId={userId} />
        <ProfileLinksCard />
      </div>
    </main>
  );
}
