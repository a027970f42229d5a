import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Heart } from "lucide-react";

import { LoadFailedPage, NoticeCard } from "../../components/layout/notice.tsx";
import { PagedList } from "../../components/layout/paged-list.tsx";
import { FavouriteButton } from "../../components/rehiring/favourite-button.tsx";
import { InviteButton } from "../../components/rehiring/invite-dialog.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs, type Trpc } from "../../trpc.ts";

const favourites = (api: Trpc) =>
  api.rehiring.favourites.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor });

export const Route = createFileRoute("/_authed/favourites")({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(favourites(context.trpc)),
  errorComponent: ({ error }) => <LoadFailedPage text={m.rehiring_favourites_failed()} error={error} />,
  component: FavouritesPage,
});

type Favourite = RouterOutputs["rehiring"]["favourites"]["items"][number];

/** /favourites: the caller's favourite workers (private), each a tap away from "Invite to a job". */
function FavouritesPage() {
  usePageTitle(m.rehiring_favourites_title());
  const list = useSuspenseInfiniteQuery(favourites(trpc));
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl" data-testid="favourites-title">
        {m.rehiring_favourites_title()}
      </h1>
      <p className="text-muted-foreground">{m.rehiring_favourites_hint()}</p>
      <PagedList
        query={list}
        itemKey={(f) => f.workerId}
        renderItem={(f) => <FavouriteRow favourite={f} />}
        empty={
          <NoticeCard
            icon={<Heart aria-hidden className="size-6" />}
            title={m.rehiring_favourites_empty()}
            testId="favourites-empty"
          />
        }
        className="grid gap-3"
        testId="favourites-list"
        loadMore={{ label: m.jobs_load_more(), testId: "load-more" }}
      />
    </main>
  );
}

function FavouriteRow({ favourite }: { favourite: Favourite }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-4" data-testid="favourite-row">
      <div className="me-auto grid min-w-0">
        <Link
          to="/profile/$profileId"
          params={{ profileId: favourite.workerId }}
          className="font-medium hover:underline"
          dir="auto"
        >
          {favourite.fullName}
        </Link>
        <span className="text-sm text-muted-foreground">
          {favourite.hiredTimes > 0 ? m.rehiring_hired_times({ count: favourite.hiredTimes }) : m.rehiring_never_hired()}
        </span>
      </div>
      <FavouriteButton workerId={favourite.workerId} favourite />
      <InviteButton workerId={favourite.workerId} workerName={favourite.fullName} />
    </div>
  );
}
