import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";

import { ERR } from "../../../domain/errors.ts";
import { ratingSchema } from "../../../domain/ratings.ts";
import { errorKey } from "../../lib/errors.ts";
import { showServerFieldErrors } from "../../lib/form-errors.ts";
import { isolate } from "../../lib/locale.ts";
import { translate } from "../../lib/messages.ts";
import { useRequestKey } from "../../lib/request-key.ts";
import { keyedMutationRetry } from "../../lib/retry-policy.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { MessageField } from "../forms/message-field.tsx";
import { personName } from "../profile/person-name.ts";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from "../ui/card.tsx";
import { StarInput } from "./star-input.tsx";

export type ReviewTarget = { userId: string; fullName: string; role: "worker" | "employer" };

// The card checks what the procedure checks; the job and the person come from the page.
const reviewFormSchema = ratingSchema.pick({ rating: true, comment: true });
type ReviewFormInput = z.input<typeof reviewFormSchema>;
type ReviewFormOutput = z.output<typeof reviewFormSchema>;

/** The Leave Review card for one person of a completed job: 1–5 stars and an optional comment. */
export function ReviewFormCard({ jobId, target }: { jobId: string; target: ReviewTarget }) {
  const queryClient = useQueryClient();
  const labelId = useId();
  const errorId = useId();
  const form = useForm<ReviewFormInput, unknown, ReviewFormOutput>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { rating: 0, comment: "" },
  });
  const comment = useWatch({ control: form.control, name: "comment" }) ?? "";
  const { errors } = form.formState;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.ratings.pathKey() }),
      // The job page shows the employer's average rating.
      queryClient.invalidateQueries({ queryKey: trpc.jobs.byId.queryKey({ jobId }) }),
    ]);

  // A resend of the same review after a lost answer is stored once (docs/decisions/063).
  const requestKey = useRequestKey();
  const submit = useMutation(
    trpc.ratings.submit.mutationOptions({
      ...keyedMutationRetry,
      onSuccess: async () => {
        requestKey.sent();
        toastSuccess(m.review_submitted());
        await refresh();
      },
      onError: async (failure) => {
        toastError(failure);
        showServerFieldErrors(form.setError, failure, ["rating", "comment"]);
        if (errorKey(failure) === ERR.alreadyRated) await refresh();
      },
    }),
  );

  const onSubmit = form.handleSubmit((values) => {
    const input = { jobId, toUserId: target.userId, ...values };
    submit.mutate({ ...input, idempotencyKey: requestKey.keyFor(input) });
  });
  const ratingError = errors.rating?.message;

  return (
    <Card data-testid="review-card" data-user-id={target.userId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardHeading>{m.review_leave_title()}</CardHeading>
          <Badge variant="secondary">{target.role === "worker" ? m.profile_type_worker() : m.profile_type_employer()}</Badge>
        </div>
        <CardDescription data-testid="review-target">
          {m.review_leave_description({ name: isolate(personName(target.fullName)) })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" data-testid="review-form">
          <div className="grid gap-2" data-invalid={ratingError ? true : undefined}>
            <p id={labelId} className="text-sm font-medium">
              {m.review_rating_label()}
              <span aria-hidden className="text-destructive">
                *
              </span>
            </p>
            <Controller
              control={form.control}
              name="rating"
              render={({ field }) => (
                <StarInput
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-labelledby={labelId}
                  aria-describedby={ratingError ? errorId : undefined}
                  invalid={Boolean(ratingError)}
                  disabled={submit.isPending}
                />
              )}
            />
            {ratingError && (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive" data-testid="review-rating-error">
                {translate(ratingError)}
              </p>
            )}
          </div>
          <MessageField
            kind="review"
            length={comment.length}
            error={errors.comment?.message}
            sending={submit.isPending}
            {...form.register("comment")}
          />
        </form>
      </CardContent>
    </Card>
  );
}
