import { useInfiniteQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { MessagesSquare } from "lucide-react";
import { useEffect } from "react";
import { ChatCard } from "../../components/chat/chat-card";
import { PageHeader } from "../../components/profile/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { toastError } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/chats/")({ component: ChatsPage });

const PAGE = 20;

/** /chats: the reader's group chats and private conversations, most recently updated first. */
function ChatsPage() {
  const chats = useInfiniteQuery(
    trpc.chats.list.infiniteQueryOptions(
      { limit: PAGE },
      {
        getNextPageParam: (page) => page.nextCursor,
        // New messages and read markers move cards and badges: refresh whenever the reader comes back.
        refetchOnWindowFocus: "always",
        refetchInterval: 60_000,
      },
    ),
  );
  useEffect(() => {
    if (chats.isError) toastError(chats.error, m.chats_failed());
  }, [chats.isError, chats.error]);
  const items = chats.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.chats_title()} backTo="/profile" backLabel={m.chats_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.chats_subtitle()}</p>
      {chats.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <p className="sr-only" role="status">{m.chats_loading()}</p>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : chats.isError && items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-4 text-center">
            <p role="alert" className="text-destructive">{m.chats_failed()}</p>
            <Button variant="outline" onClick={() => void chats.refetch()}>{m.chat_retry()}</Button>
          </CardContent>
        </Card>
      ) : items.length === 0 ? (
        <Card data-testid="chats-empty">
          <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
              <MessagesSquare aria-hidden className="size-6" />
            </span>
            <p className="font-medium">{m.chats_empty()}</p>
            <p className="text-sm text-muted-foreground">{m.chats_empty_hint()}</p>
            <Button asChild className="mt-2">
              <Link to="/" data-testid="chats-browse-jobs">{m.chats_browse_jobs()}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <ul className="space-y-3" data-testid="chats-list">
            {items.map((chat) => (
              <li key={chat.conversationId}>
                <ChatCard chat={chat} />
              </li>
            ))}
          </ul>
          {chats.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void chats.fetchNextPage()} disabled={chats.isFetchingNextPage} data-testid="chats-load-more">
                {chats.isFetchingNextPage && <Spinner />}
                {chats.isFetchingNextPage ? m.common_loading() : m.chats_load_more()}
              </Button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
