import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { MessagesSquare } from "lucide-react";

import { ChatCard } from "../../components/chat/chat-card.tsx";
import { LoadFailedPage, NoticeCard } from "../../components/layout/notice.tsx";
import { PagedList } from "../../components/layout/paged-list.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type Trpc } from "../../trpc.ts";

const PAGE = 20;

const chatList = (api: Trpc) =>
  api.chats.list.infiniteQueryOptions({ limit: PAGE }, { getNextPageParam: (page) => page.nextCursor });

export const Route = createFileRoute("/_authed/chats/")({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(chatList(context.trpc)),
  errorComponent: ({ error }) => <LoadFailedPage text={m.chats_failed()} error={error} />,
  // Opened from a bookmark or a notification: server-side rendering with its data (docs/decisions/052).
  ...(import.meta.env.SSR ? { staticData: { serverRendered: "everyone" } } : {}),
  component: ChatsPage,
});

/** /chats: the reader's group chats and private conversations, most recently updated first. */
function ChatsPage() {
  usePageTitle(m.chats_title());
  const chats = useSuspenseInfiniteQuery({
    ...chatList(trpc),
    // New messages and read markers move cards and badges: refresh whenever the reader comes back.
    refetchOnWindowFocus: "always",
    refetchInterval: 60_000,
  });
  const empty = (
    <NoticeCard
      icon={<MessagesSquare aria-hidden className="size-6" />}
      title={m.chats_empty()}
      hint={m.chats_empty_hint()}
      testId="chats-empty"
    >
      <LinkButton to="/" data-testid="chats-browse-jobs">
        {m.chats_browse_jobs()}
      </LinkButton>
    </NoticeCard>
  );
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-8">
      <div>
        <PageHeader title={m.chats_title()} backTo="/profile" backLabel={m.chats_back()} />
        <p className="-mt-4 text-sm text-muted-foreground">{m.chats_subtitle()}</p>
      </div>
      <PagedList
        query={chats}
        itemKey={(chat) => chat.conversationId}
        renderItem={(chat) => <ChatCard chat={chat} />}
        empty={empty}
        className="space-y-3"
        testId="chats-list"
        loadMore={{ label: m.chats_load_more(), testId: "chats-load-more" }}
      />
    </main>
  );
}
