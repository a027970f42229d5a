import { Star } from "lucide-react";
import { cn } from "../../lib/cn";
import { m } from "../../paraglide/messages.js";

/** Five stars, `rating` of them filled; read as "4 out of 5 stars". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={m.review_stars_aria({ rating })} className={cn("inline-flex gap-0.5", className)} data-testid="review-stars" data-rating={rating}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={cn("size-4", star <= rating ? "fill-amber-400 text-amber-400" : "fill-transparent text-muted-foreground/40")}
        />
      ))}
    </span>
  );
}
