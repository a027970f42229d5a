import { useQuery } from "@tanstack/react-query";
import { Heart } from "lucide-react";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { isolate } from "../../lib/locale";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ReviewFormCard } from "./review-form-card";
import { Stars } from "./star-input";

/**
 * The review area of a completed job (SPEC.md §4, DECISIONS.md): a Leave Review card for each person
 * the reader may still rate (the owner each accepted worker, an accepted worker the employer), then a
 * thank-you card with the reviews they gave. Nothing for anyone else or before completion.
 */
export function JobReviews({ jobId }: { jobId: string }) {
  const reviews = useQuery(trpc.ratings.forJob.queryOptions({ jobId }));
  if (!reviews.data || !reviews.data.canReview) return null;
  const { toReview, reviewed } = reviews.data;
  return (
    <>
      {toReview.map((target) => (
        <ReviewFormCard key={target.userId} jobId={jobId} target={target} />
      ))}
      {reviewed.length > 0 && (
        <Card className="border-emerald-200 bg-emerald-50/50" data-testid="review-thanks">
          <CardHeader>
            <CardTitle asChild>
              <h2 className="flex items-center gap-2">
                <Heart aria-hidden className="size-5 fill-emerald-500 text-emerald-500" />
                {m.review_thanks_title()}
              </h2>
            </CardTitle>
            <CardDescription>{m.review_thanks_description()}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid divide-y">
              {reviewed.map((review) => (
                <li key={review.userId} className="grid gap-1 py-3 first:pt-0 last:pb-0" data-testid="review-given" data-user-id={review.userId}>
                  <p className="text-sm font-medium">{m.review_your_review_of({ name: isolate(review.fullName) })}</p>
                  <Stars rating={review.rating} />
                  {review.comment && <p className="text-sm whitespace-pre-line break-words text-muted-foreground" dir="auto">{review.comment}</p>}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </>
  );
}
