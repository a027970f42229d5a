import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { ERR } from "../../../domain/errors";
import { LIMITS } from "../../../domain/limits";
import { ratingSchema } from "../../../domain/ratings";
import { fieldErrors } from "../../lib/errors";
import { translate } from "../../lib/messages";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { CharsLeft } from "../applications/chars-left";
import { isolate } from "../../lib/locale";
import { errorKey } from "../../lib/errors";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field } from "../ui/field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { StarInput } from "./star-input";

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

  const submit = useMutation(
    trpc.ratings.submit.mutationOptions({
      onSuccess: async () => {
        toastSuccess(m.review_submitted());
        await refresh();
      },
      onError: async (failure) => {
        toastError(failure);
        for (const [name, key] of Object.entries(fieldErrors(failure))) {
          if (name === "rating" || name === "comment") form.setError(name, { message: key });
        }
        if (errorKey(failure) === ERR.alreadyRated) await refresh();
      },
    }),
  );

  const onSubmit = form.handleSubmit((values) => submit.mutate({ jobId, toUserId: target.userId, ...values }));
  const ratingError = errors.rating?.message;

  return (
    <Card data-testid="review-card" data-user-id={target.userId}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle asChild>
            <h2>{m.review_leave_title()}</h2>
          </CardTitle>
          <Badge variant="secondary">{target.role === "worker" ? m.profile_type_worker() : m.profile_type_employer()}</Badge>
        </div>
        <CardDescription data-testid="review-target">{m.review_leave_description({ name: isolate(target.fullName) })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" data-testid="review-form">
          <div className="grid gap-2" data-invalid={ratingError ? true : undefined}>
            <p id={labelId} className="text-sm font-medium">
              {m.review_rating_label()}
              <span aria-hidden className="text-destructive">*</span>
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
          <Field
            label={m.review_comment_label()}
            description={<CharsLeft length={comment.length} max={LIMITS.ratingComment} />}
            error={errors.comment?.message ? translate(errors.comment.message) : undefined}
          >
            <Textarea
              dir="auto"
              rows={3}
              className="max-h-[40dvh]"
              placeholder={m.review_comment_placeholder()}
              data-testid="review-comment"
              {...form.register("comment")}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={submit.isPending} data-testid="review-submit">
            {submit.isPending ? <Spinner /> : <Send aria-hidden className="rtl:-scale-x-100" />}
            {submit.isPending ? m.review_submitting() : m.review_submit()}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
