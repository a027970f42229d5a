import { Star } from "lucide-react";
import { cn } from "../../lib/cn";
import { formatNumber } from "../../lib/format";
import { m } from "../../paraglide/messages.js";

/** "★ 4.5 · 2 reviews": the average to one decimal; nothing at all until someone has rated. */
export function RatingSummary({ average, count, className }: { average: number | null; count: number; className?: string }) {
  if (!average || count <= 0) return null;
  const rating = formatNumber(average, 1);
  return (
    <span
      className={cn("inline-flex items-center gap-1 text-sm text-muted-foreground", className)}
      aria-label={m.rating_summary_label({ rating, count })}
      data-testid="employer-rating"
    >
      <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
      <span className="font-medium text-foreground">{rating}</span>
      <span aria-hidden>·</span>
      <span>{m.rating_review_count({ count })}</span>
    </span>
  );
}
