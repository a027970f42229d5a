import { jobRefSchema, userRefSchema } from "../../domain/ids.ts";
import { ratingSchema, reviewsOfUserSchema } from "../../domain/ratings.ts";
import { keyedRequest, oncePerKey } from "../idempotency/once-per-key.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, memberProcedure, publicProcedure } from "../trpc/procedures.ts";
import { reviewTargets } from "./job-reviews.ts";
import { personRating } from "./rating-summary.ts";
import { submitRating } from "./submit.ts";
import { reviewsOfUser } from "./user-reviews.ts";

export const ratingsRouter = router({
  /** Rates the owner or an accepted worker of a completed job, once. */
  submit: memberProcedure.input(ratingSchema).mutation(async ({ ctx, input }) => {
    const keyed = keyedRequest(ctx.user.id, "ratings.submit", input);
    const { jobId, toUserId, rating, comment } = input;
    const params = { jobId, toUserId, rating, comment, fromUserId: ctx.user.id, keyed };
    return settle(await oncePerKey(ctx.db, keyed, () => submitRating(ctx.db, ctx.services.queue, params)));
  }),

  /** Whom the caller can still review on a job, and whom they reviewed. */
  forJob: authedProcedure
    .input(jobRefSchema)
    .query(async ({ ctx, input }) => found(await reviewTargets(ctx.db, input.jobId, ctx.user.id), "job_not_found")),

  /** Reviews a person received, newest first, paginated; a hidden profile's only for its owner. */
  forUser: publicProcedure.input(reviewsOfUserSchema).query(async ({ ctx, input }) => {
    const page = await reviewsOfUser(ctx.db, { userId: input.userId, viewerId: ctx.user?.id ?? null, cursor: input.cursor });
    return found(page, "not_found");
  }),

  /** A person's average rating and review count. */
  summary: publicProcedure
    .input(userRefSchema)
    .query(async ({ ctx, input }) => found(await personRating(ctx.db, input.userId, ctx.user?.id ?? null), "not_found")),
});
