import { useMutation, useQueryClient, useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Bell, CheckCheck } from "lucide-react";

import { PendingButton } from "../../components/forms/pending-button.tsx";
import { LoadFailedPage, NoticeCard } from "../../components/layout/notice.tsx";
import { PagedList } from "../../components/layout/paged-list.tsx";
import { NotificationCard } from "../../components/notifications/notification-card.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type Trpc } from "../../trpc.ts";

const inbox = (api: Trpc) => api.notifications.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor });

export const Route = createFileRoute("/_authed/notifications")({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(inbox(context.trpc)),
  errorComponent: ({ error }) => <LoadFailedPage text={m.inbox_failed()} error={error} />,
  component: NotificationsPage,
});

/** /notifications: everything the person was told, newest first; live (useLiveChanges re-reads it). */
function NotificationsPage() {
  usePageTitle(m.inbox_title());
  const queryClient = useQueryClient();
  const list = useSuspenseInfiniteQuery(inbox(trpc));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() }),
    ]);
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSettled: refresh }));
  const markAll = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      onSuccess: refresh,
      onError: (error) => toastError(error, m.inbox_mark_all_failed()),
    }),
  );
  const anyUnread = list.data.pages.some((page) => page.items.some((item) => !item.read));
  return (
    <main id="main" className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-8">
      <div>
        <PageHeader title={m.inbox_title()} backTo="/profile" backLabel={m.chats_back()} />
        <div className="-mt-4 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">{m.inbox_subtitle()}</p>
          {anyUnread && (
            <PendingButton
              variant="outline"
              size="sm"
              pending={markAll.isPending}
              onClick={() => markAll.mutate()}
              data-testid="notifications-mark-all"
            >
              <CheckCheck aria-hidden />
              {m.inbox_mark_all_read()}
            </PendingButton>
          )}
        </div>
      </div>
      <PagedList
        query={list}
        itemKey={(item) => item.id}
        renderItem={(item) => (
          <NotificationCard notification={item} onOpen={() => !item.read && markRead.mutate({ id: item.id })} />
        )}
        empty={
          <NoticeCard
            icon={<Bell aria-hidden className="size-6" />}
            title={m.inbox_empty()}
            hint={m.inbox_empty_hint()}
            testId="notifications-empty"
          />
        }
        className="space-y-3"
        testId="notifications-list"
        loadMore={{ label: m.inbox_load_more(), testId: "notifications-load-more" }}
      />
    </main>
  );
}
