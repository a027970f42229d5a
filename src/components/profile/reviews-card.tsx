import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";

import { formatDay } from "../../lib/format.ts";
import { useMe } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { LoadMoreButton } from "../layout/paged-list.tsx";
import { ReportButton } from "../reports/report-dialog.tsx";
import { Stars } from "../reviews/rating.tsx";
import { SectionCard } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

/** Reviews a person received, newest first, a page at a time; reviewers with visible profiles are links. */
export function ReviewsCard({ userId }: { userId: string }) {
  const reviews = useInfiniteQuery(
    trpc.ratings.forUser.infiniteQueryOptions({ userId }, { getNextPageParam: (page) => page.nextCursor }),
  );
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  // Signed-in readers may report a review they did not write (docs/decisions/070).
  const meId = useMe().data?.user.id ?? null;

  return (
    <SectionCard title={m.profile_reviews_title()} contentClassName="grid gap-4" data-testid="reviews-card">
      {reviews.isPending ? (
        <Skeleton className="h-16" />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="reviews-empty">
          {m.profile_no_reviews()}
        </p>
      ) : (
        <ul className="grid divide-y" data-testid="reviews-list">
          {items.map((review) => (
            <li key={review.id} className="grid gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="review">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <Stars rating={review.rating} />
                <span className="text-xs text-muted-foreground">{formatDay(review.createdAt)}</span>
              </div>
              <p className="text-sm">
                {review.reviewer ? (
                  <Link
                    to="/profile/$profileId"
                    params={{ profileId: review.reviewer.id }}
                    className="font-medium text-primary hover:underline"
                    data-testid="review-reviewer"
                  >
                    <bdi>{review.reviewer.fullName}</bdi>
                  </Link>
                ) : (
                  <span className="font-medium" data-testid="review-reviewer">
                    {m.review_anonymous_reviewer()}
                  </span>
                )}
                <span className="text-muted-foreground">
                  {" "}
                  · <bdi>{review.jobTitle}</bdi>
                </span>
              </p>
              {review.comment && (
                <p dir="auto" className="text-sm whitespace-pre-line break-words" data-testid="review-comment">
                  {review.comment}
                </p>
              )}
              {meId && review.reviewer?.id !== meId && (
                <ReportButton subject={{ type: "review", id: review.id }} className="-ms-3 justify-self-start" />
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={reviews} label={m.review_load_more()} testId="reviews-load-more" className="justify-self-center" />
    </SectionCard>
  );
}
