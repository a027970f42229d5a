import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { formatDay } from "../../lib/format";
import { StarRating } from "./star-rating";

/** Reviews a person received, newest first, a page at a time; reviewers with visible profiles are links. */
export function ReviewsCard({ userId }: { userId: string }) {
  const reviews = useInfiniteQuery(
    trpc.ratings.forUser.infiniteQueryOptions({ userId }, { getNextPageParam: (page) => page.nextCursor }),
  );
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card data-testid="reviews-card">
      <CardHeader>
        <CardTitle asChild><h2>{m.profile_reviews_title()}</h2></CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {reviews.isPending ? (
          <Skeleton className="h-16" />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="reviews-empty">{m.profile_no_reviews()}</p>
        ) : (
          <ul className="grid divide-y" data-testid="reviews-list">
            {items.map((review) => (
              <li key={review.id} className="grid gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="review">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <StarRating rating={review.rating} />
                  <span className="text-xs text-muted-foreground">{formatDay(review.createdAt)}</span>
                </div>
                <p className="text-sm">
                  {review.reviewer.profileVisible ? (
                    <Link
                      to="/profile/$profileId"
                      params={{ profileId: review.reviewer.id }}
                      className="font-medium text-primary hover:underline"
                      data-testid="review-reviewer"
                    >
                      <bdi>{review.reviewer.fullName}</bdi>
                    </Link>
                  ) : (
                    <bdi className="font-medium" data-testid="review-reviewer">{review.reviewer.fullName}</bdi>
                  )}
                  <span className="text-muted-foreground"> · <bdi>{review.jobTitle}</bdi></span>
                </p>
                {review.comment && <p dir="auto" className="text-sm whitespace-pre-line break-words" data-testid="review-comment">{review.comment}</p>}
              </li>
            ))}
          </ul>
        )}
        {reviews.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={() => void reviews.fetchNextPage()}
            disabled={reviews.isFetchingNextPage}
            data-testid="reviews-load-more"
          >
            {reviews.isFetchingNextPage && <Spinner />}
            {reviews.isFetchingNextPage ? m.common_loading() : m.review_load_more()}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
