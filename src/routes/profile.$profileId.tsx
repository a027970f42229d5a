import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { UserRound, UserRoundX } from "lucide-react";

import { isUserId } from "../../domain/id-shapes.ts";
import { BlockPerson } from "../components/blocks/block-person-button.tsx";
import { LoadFailedPage, NoticePage } from "../components/layout/notice.tsx";
import { PageHeader } from "../components/profile/page-header.tsx";
import { PreviousJobsCard } from "../components/profile/previous-jobs-card.tsx";
import { HiddenProfileNotice, ProfileSummaryCard } from "../components/profile/profile-summary-card.tsx";
import { PublicInterestsCard } from "../components/profile/public-interests-card.tsx";
import { ReliabilityCard } from "../components/profile/reliability-card.tsx";
import { ReviewsCard } from "../components/profile/reviews-card.tsx";
import { ProfileRehiring } from "../components/rehiring/profile-rehiring.tsx";
import { SignedInReportButton } from "../components/reports/report-dialog.tsx";
import { LinkButton } from "../components/ui/link-button.tsx";
import { usePageTitle } from "../lib/page-title.ts";
import { orNotFound } from "../lib/route-data.ts";
import { m } from "../paraglide/messages.js";
import { trpc } from "../trpc.ts";

export const Route = createFileRoute("/profile/$profileId")({
  loader: async ({ context, params }) => {
    // Not a person's id at all: nobody's profile, without asking.
    if (!isUserId(params.profileId)) throw notFound();
    return orNotFound(context.queryClient.ensureQueryData(context.trpc.profiles.public.queryOptions({ id: params.profileId })));
  },
  // On the server only: a shared link's preview (docs/decisions/052).
  ...(import.meta.env.SSR
    ? { head: async ({ loaderData }) => (await import("../lib/share-meta.ts")).profileHead(loaderData) }
    : {}),
  // Hidden or unknown profiles look the same to everyone but their owner.
  notFoundComponent: () => (
    <NoticePage icon={<UserRoundX aria-hidden className="size-6" />} title={m.profile_not_available()} testId="profile-not-found">
      <LinkButton to="/" variant="outline">
        {m.not_found_home()}
      </LinkButton>
    </NoticePage>
  ),
  errorComponent: ({ error }) => <LoadFailedPage text={m.profile_load_failed()} error={error} />,
  component: PublicProfilePage,
});

/** /profile/{id}: what profiles.public answers; phone and date of birth are never part of it. */
function PublicProfilePage() {
  const { profileId } = Route.useParams();
  const { data: profile } = useSuspenseQuery(trpc.profiles.public.queryOptions({ id: profileId }));
  usePageTitle(profile.fullName);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-8">
      <PageHeader title={m.profile_public_title()} backTo="/" />
      <div className="grid gap-4 lg:gap-6" data-testid="public-profile">
        <ProfileSummaryCard profile={profile} rating={profile.rating}>
          {profile.isOwn && !profile.visible && <HiddenProfileNotice />}
          {!profile.isOwn && <ProfileRehiring personId={profile.id} userType={profile.userType} name={profile.fullName} />}
          {!profile.isOwn && <BlockPerson personId={profile.id} name={profile.fullName} />}
          {profile.isOwn && (
            <LinkButton to="/profile" data-testid="profile-own-link" variant="outline" size="wrap" className="justify-self-start">
              <UserRound aria-hidden />
              {m.profile_view_own()}
            </LinkButton>
          )}
          <SignedInReportButton
            subject={{ type: "profile", id: profile.id }}
            hidden={profile.isOwn}
            className="justify-self-start"
          />
        </ProfileSummaryCard>
        {profile.userType === "worker" && (
          <div className={profile.interests.length > 0 ? "grid gap-4 md:grid-cols-2 lg:gap-6" : "grid"}>
            <PublicInterestsCard interests={profile.interests} />
            <PreviousJobsCard userId={profile.id} />
          </div>
        )}
        <ReliabilityCard reliability={profile.reliability} canReply={profile.isOwn} />
        <ReviewsCard userId={profile.id} />
      </div>
    </main>
  );
}
