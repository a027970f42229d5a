import { and, eq, ilike, isNotNull, not, or, sql } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { profiles } from "../../db/schema/index.ts";
import { LIMITS } from "../../domain/limits.ts";
import { BIO_EXCERPT_LENGTH } from "../../domain/people.ts";
import { blockedBetween } from "../blocks/between.ts";
import { ratingField, ratingOf } from "../ratings/rating-summary.ts";
import { containsPattern } from "../search/like-pattern.ts";

const excerptLength = sql.raw(String(BIO_EXCERPT_LENGTH));

/**
 * Public profiles whose name, company or location contains `q` (trigram indexes serve the ILIKE), employers
 * first; never across a block (docs/decisions/068).
 */
export async function searchPeople(db: Queryable, q: string, viewerId: string | null, limit: number = LIMITS.peopleLimit) {
  const text = q.trim();
  if (text === "") return [];
  const pattern = containsPattern(text);
  const employerFirst = sql<number>`case when ${profiles.userType} = 'employer' then 0 else 1 end`;
  const page = db
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      location: profiles.location,
      userType: profiles.userType,
      bioExcerpt: sql<string | null>`left(${profiles.bio}, ${excerptLength})`.as("bio_excerpt"),
      bioTruncated: sql<boolean>`coalesce(char_length(${profiles.bio}) > ${excerptLength}, false)`.as("bio_truncated"),
      rank: employerFirst.as("employer_rank"),
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.privacyProfileVisible, true),
        isNotNull(profiles.onboardingCompletedAt),
        or(ilike(profiles.fullName, pattern), ilike(profiles.companyName, pattern), ilike(profiles.location, pattern)),
        viewerId === null ? undefined : not(blockedBetween(viewerId, profiles.id)),
      ),
    )
    .orderBy(employerFirst, profiles.fullName, profiles.id)
    .limit(limit)
    .as("page");
  const rating = ratingOf(db, page.id, "person_rating");
  return db
    .select({
      id: page.id,
      fullName: page.fullName,
      companyName: page.companyName,
      location: page.location,
      userType: page.userType,
      bioExcerpt: page.bioExcerpt,
      bioTruncated: page.bioTruncated,
      rating: ratingField(rating),
    })
    .from(page)
    .leftJoinLateral(rating, sql`true`)
    .orderBy(page.rank, page.fullName, page.id);
}
export type PersonResult = Awaited<ReturnType<typeof searchPeople>>[number];
