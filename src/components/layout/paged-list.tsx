import type { ReactNode } from "react";

import { m } from "../../paraglide/messages.js";
import { PendingButton } from "../forms/pending-button.tsx";

/** What a paged list needs of an infinite query (useInfiniteQuery or useSuspenseInfiniteQuery). */
export type PagedQuery<T> = {
  data: { pages: { items: T[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** Load more: asks for the next page while there is one. */
export function LoadMoreButton<T>({
  query,
  label,
  testId,
  className,
}: {
  query: PagedQuery<T>;
  label: string;
  testId: string;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  const loading = query.isFetchingNextPage;
  return (
    <PendingButton
      variant="outline"
      className={className}
      pending={loading}
      onClick={() => void query.fetchNextPage()}
      data-testid={testId}
    >
      {loading ? m.common_loading() : label}
    </PendingButton>
  );
}

export type PagedListProps<T> = {
  query: PagedQuery<T>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Shown instead of the list while it has no items. */
  empty?: ReactNode;
  className?: string;
  testId: string;
  loadMore: { label: string; testId: string };
};

/** The items of every page loaded so far, newest first as the server sends them, then Load more. */
export function PagedList<T>({ query, itemKey, renderItem, empty = null, className, testId, loadMore }: PagedListProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return empty;
  return (
    <>
      <ul className={className} data-testid={testId}>
        {items.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <LoadMoreButton query={query} {...loadMore} />
        </div>
      )}
    </>
  );
}
