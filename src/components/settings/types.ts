import type { RouterOutputs as Outputs } from "../../trpc.ts";

/** The signed-in person's own profile row (profiles.me). */
export type OwnProfile = NonNullable<NonNullable<Outputs["profiles"]["me"]>["profile"]>;
/** /settings/privacy's status block (privacy.status). */
export type PrivacyStatus = Outputs["privacy"]["status"];
