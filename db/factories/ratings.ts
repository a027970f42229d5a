import type { Queryable } from "../database.ts";
import { ratings, type Rating } from "../schema/index.ts";

export type NewRating = {
  jobId: string;
  fromUserId: string;
  toUserId: string;
  rating?: number;
  comment?: string | null;
  createdAt?: Date;
};

/** Inserts a review (5 stars without a comment unless told otherwise). */
export async function createRating(db: Queryable, input: NewRating): Promise<Rating> {
  const [row] = await db
    .insert(ratings)
    .values({ rating: 5, comment: null, ...input })
    .returning();
  if (!row) throw new Error("rating insert returned nothing");
  return row;
}
