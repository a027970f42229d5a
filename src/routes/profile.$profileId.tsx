import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { EyeOff, UserRound, UserRoundX } from "lucide-react";
import { PageHeader } from "../components/profile/page-header";
import { PreviousJobsCard } from "../components/profile/previous-jobs-card";
import { ProfileSummaryCard } from "../components/profile/profile-summary-card";
import { PublicInterestsCard } from "../components/profile/public-interests-card";
import { ReviewsCard } from "../components/profile/reviews-card";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { m } from "../paraglide/messages.js";
import { trpc } from "../trpc";

export const Route = createFileRoute("/profile/$profileId")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.trpc.profiles.public.queryOptions({ id: params.profileId }));
  },
  component: PublicProfilePage,
});

/**
 * /profile/{id}: what profiles.public answers. Hidden or unknown profiles look the same (not found)
 * to everyone but their owner; phone and date of birth are never part of the answer.
 */
function PublicProfilePage() {
  const { profileId } = Route.useParams();
  const query = useQuery(trpc.profiles.public.queryOptions({ id: profileId }));
  const profile = query.data;

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-8">
      <PageHeader title={m.profile_public_title()} backTo="/" />
      {query.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <p className="sr-only" role="status">{m.profile_loading()}</p>
          <Skeleton className="h-40" />
          <Skeleton className="h-24" />
        </div>
      ) : !profile ? (
        <Card data-testid="profile-not-found">
          <CardContent className="flex flex-col items-center gap-4 py-8 text-center">
            <UserRoundX aria-hidden className="size-10 text-muted-foreground" />
            <p className="font-medium">
              {query.error?.data?.code === "NOT_FOUND" ? m.profile_not_available() : m.profile_load_failed()}
            </p>
            <Button asChild variant="outline">
              <Link to="/">{m.not_found_home()}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4 lg:gap-6" data-testid="public-profile">
          <ProfileSummaryCard profile={profile} rating={profile.rating}>
            {profile.isOwn && !profile.visible && (
              <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground" data-testid="profile-hidden-notice">
                <EyeOff aria-hidden className="size-4 shrink-0" />
                {m.profile_hidden_notice()}
              </p>
            )}
            {profile.isOwn && (
              <Button asChild variant="outline" className="h-auto min-h-10 justify-self-start py-2 whitespace-normal">
                <Link to="/profile" data-testid="profile-own-link">
                  <UserRound aria-hidden />
                  {m.profile_view_own()}
                </Link>
              </Button>
            )}
          </ProfileSummaryCard>
          {profile.userType === "worker" && (
            <div className={profile.interests.length > 0 ? "grid gap-4 md:grid-cols-2 lg:gap-6" : "grid"}>
              <PublicInterestsCard interests={profile.interests} />
              <PreviousJobsCard userId={profile.id} />
            </div>
          )}
          <ReviewsCard userId={profile.id} />
        </div>
      )}
    </main>
  );
}
