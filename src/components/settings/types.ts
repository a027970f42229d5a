import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/trpc/router";

type Outputs = inferRouterOutputs<AppRouter>;

/** The signed-in person's own profile row (profiles.me). */
export type OwnProfile = NonNullable<NonNullable<Outputs["profiles"]["me"]>["profile"]>;
/** /settings/privacy's status block (privacy.status). */
export type PrivacyStatus = Outputs["privacy"]["status"];
