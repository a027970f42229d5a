import { and, eq, isNotNull, or, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { profiles, user, userInterests } from "../../db/schema/index.ts";
import { initialsOf } from "../../domain/chat.ts";
import { MAX_INTERESTS } from "../../domain/settings.ts";
import type { UserType } from "../../domain/user-types.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { reliabilityField, reliabilityFrom, type Reliability } from "../reliability/figures.ts";
import { profileVisibleTo } from "./visibility.ts";

export type PublicProfile = {
  id: string;
  fullName: string;
  initials: string;
  userType: UserType;
  /** Employers only. */
  companyName: string | null;
  bio: string | null;
  location: string | null;
  /** Only when the person chose to show it. */
  email: string | null;
  memberSince: Date;
  rating: { average: number | null; count: number };
  /** Shifts completed, late cancellations, no-shows and the recorded strikes (docs/decisions/033). */
  reliability: Reliability;
  /** Workers only. */
  interests: string[];
  /** The viewer is this person (who also sees the page while it is hidden). */
  isOwn: boolean;
  /** Whether other people can see this page; false is only ever answered to the owner. */
  visible: boolean;
};

/**
 * `/profile/{id}` as `viewerId` may see it (docs/product.md, Profiles and people): a hidden profile only by its owner, the
 * e-mail only when shown by choice, never the phone or the date of birth; nobody else's before
 * onboarding is complete. Rating and interests come in the same query. Null when there is no such
 * profile or it is hidden from the viewer.
 */
export async function publicProfile(db: Queryable, id: string, viewerId: string | null): Promise<PublicProfile | null> {
  const rating = ratingOf(db, profiles.id, "profile_rating");
  const [row] = await db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      userType: profiles.userType,
      companyName: sql<string | null>`case when ${profiles.userType} = 'employer' then ${profiles.companyName} end`,
      bio: profiles.bio,
      location: profiles.location,
      email: sql<string | null>`case when ${profiles.privacyShowEmail} then ${user.email} end`,
      memberSince: profiles.createdAt,
      visible: profiles.privacyProfileVisible,
      rating: ratingField(rating),
      reliability: reliabilityField(profiles.id),
      interests: sql<string[]>`case when ${profiles.userType} = 'worker' then coalesce((
        select json_agg(i.interest order by i.created_at, lower(i.interest)) from (
          select ${userInterests.interest} as interest, ${userInterests.createdAt} as created_at
          from ${userInterests} where ${userInterests.userId} = ${profiles.id}
          order by ${userInterests.createdAt}, lower(${userInterests.interest}) limit ${MAX_INTERESTS}
        ) i), '[]'::json) else '[]'::json end`,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoinLateral(rating, sql`true`)
    .where(
      and(
        eq(profiles.id, id),
        profileVisibleTo(viewerId),
        // Before onboarding there is no public profile yet (people search skips them too).
        viewerId
          ? or(isNotNull(profiles.onboardingCompletedAt), eq(profiles.id, viewerId))
          : isNotNull(profiles.onboardingCompletedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { interests, reliability, ...rest } = row;
  return {
    ...rest,
    reliability: reliabilityFrom(reliability),
    initials: initialsOf(row.fullName),
    interests: typeof interests === "string" ? (JSON.parse(interests) as string[]) : interests,
    isOwn: viewerId === row.id,
  };
}
