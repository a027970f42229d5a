import type { profiles } from "../../db/schema/index.ts";
import type { UserType } from "../../domain/user-types.ts";

type DetailsInput = {
  userType: UserType;
  fullName: string;
  dateOfBirth: string | null;
  bio?: string | null;
  location?: string | null;
  phone?: string | null;
  companyName?: string | null;
};

/** Profile columns shared by onboarding and the settings form; a company name is kept for employers only. */
export function profileDetailsColumns(input: DetailsInput) {
  return {
    userType: input.userType,
    fullName: input.fullName,
    dateOfBirth: input.dateOfBirth,
    bio: input.bio ?? null,
    location: input.location ?? null,
    phone: input.phone ?? null,
    companyName: input.userType === "employer" ? (input.companyName ?? null) : null,
  } satisfies Partial<typeof profiles.$inferInsert>;
}
