import { Star } from "lucide-react";

import { cn } from "../../lib/cn.ts";
import { formatNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";

const FILLED = "fill-amber-400 text-amber-400";

/** Five stars, `rating` of them filled; read as "4 out of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={m.review_stars_aria({ rating })}
      className={cn("inline-flex gap-0.5", className)}
      data-testid="review-stars"
      data-rating={rating}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={cn("size-4", star <= rating ? FILLED : "fill-transparent text-muted-foreground/40")}
        />
      ))}
    </span>
  );
}

export type RatingSummaryProps = {
  average: number | null;
  count: number;
  /** Shown while nobody has rated ('No reviews yet'); without it the summary shows nothing then. */
  emptyText?: string;
  /** On the summary; the average gets `${testId}-average`. */
  testId: string;
  className?: string;
};

/** A person's rating: "★ 4.5 · 2 reviews", the average to one decimal, read out as one sentence. */
export function RatingSummary({ average, count, emptyText, testId, className }: RatingSummaryProps) {
  const base = cn("inline-flex items-center gap-1 text-sm text-muted-foreground", className);
  if (average === null || count <= 0) {
    return emptyText ? (
      <span className={base} data-testid={testId}>
        {emptyText}
      </span>
    ) : null;
  }
  const rating = formatNumber(average, 1);
  return (
    <span className={base} data-testid={testId}>
      <span className="sr-only">{m.rating_summary_label({ rating, count })}</span>
      <Star aria-hidden className={cn("size-4", FILLED)} />
      <span aria-hidden className="font-medium text-foreground" data-testid={`${testId}-average`}>
        {rating}
      </span>
      <span aria-hidden>·</span>
      <span aria-hidden>{m.rating_review_count({ count })}</span>
    </span>
  );
}
