import { useQuery } from "@tanstack/react-query";
import { Heart } from "lucide-react";

import { isolate } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { personName } from "../profile/person-name.ts";
import { SectionCard } from "../ui/card.tsx";
import { Stars } from "./rating.tsx";
import { ReviewFormCard } from "./review-form-card.tsx";

/**
 * The review area of a completed job (docs/product.md, Reviews): a Leave Review card for each person
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
        <SectionCard
          title={m.review_thanks_title()}
          icon={<Heart aria-hidden className="size-5 fill-emerald-500 text-emerald-500" />}
          description={m.review_thanks_description()}
          className="border-emerald-200 bg-emerald-50/50"
          data-testid="review-thanks"
        >
          <ul className="grid divide-y">
            {reviewed.map((review) => (
              <li
                key={review.userId}
                className="grid gap-1 py-3 first:pt-0 last:pb-0"
                data-testid="review-given"
                data-user-id={review.userId}
              >
                <p className="text-sm font-medium">{m.review_your_review_of({ name: isolate(personName(review.fullName)) })}</p>
                <Stars rating={review.rating} />
                {review.comment && (
                  <p className="text-sm whitespace-pre-line break-words text-muted-foreground" dir="auto">
                    {review.comment}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </SectionCard>
      )}
    </>
  );
}
