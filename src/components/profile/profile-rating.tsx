import { Star } from "lucide-react";
import { formatNumber } from "../../lib/format";
import { m } from "../../paraglide/messages.js";

/** The average to one decimal with the review count, or "No reviews yet". */
export function ProfileRating({ average, count }: { average: number | null; count: number }) {
  if (average === null || count <= 0) {
    return <p className="text-sm text-muted-foreground" data-testid="profile-rating">{m.profile_no_reviews()}</p>;
  }
  const rating = formatNumber(average, 1);
  return (
    <p className="flex items-center gap-1.5 text-sm" data-testid="profile-rating">
      <span className="sr-only">{m.rating_summary_label({ rating, count })}</span>
      <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
      <span aria-hidden className="font-semibold" data-testid="profile-rating-average">{rating}</span>
      <span aria-hidden className="text-muted-foreground">·</span>
      <span aria-hidden className="text-muted-foreground">{m.profile_review_count({ count })}</span>
    </p>
  );
}
