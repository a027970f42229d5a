import { jobRefSchema } from "../../domain/applications.ts";
import { ratingSchema, reviewsOfUserSchema, userRefSchema } from "../../domain/ratings.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, publicProcedure } from "../trpc/procedures.ts";
import { reviewTargets } from "./job-reviews.ts";
import { submitRating } from "./submit.ts";
import { ratingSummary, reviewsOfUser } from "./user-reviews.ts";

export const ratingsRouter = router({
  /** Rates the owner or an accepted worker of a completed job, once. */
  submit: authedProcedure
    .input(ratingSchema)
    .mutation(({ ctx, input }) => submitRating(ctx.db, { ...input, fromUserId: ctx.user.id })),

  /** Whom the caller can still review on a job, and whom they reviewed. */
  forJob: authedProcedure.input(jobRefSchema).query(({ ctx, input }) => reviewTargets(ctx.db, input.jobId, ctx.user.id)),

  /** Reviews a person received, newest first, paginated. */
  forUser: publicProcedure
    .input(reviewsOfUserSchema)
    .query(({ ctx, input }) =>
      reviewsOfUser(ctx.db, { userId: input.userId, viewerId: ctx.user?.id ?? null, cursor: input.cursor }),
    ),

  /** A person's average rating and review count. */
  summary: publicProcedure
    .input(userRefSchema)
    .query(({ ctx, input }) => ratingSummary(ctx.db, input.userId, ctx.user?.id ?? null)),
});
