import { z } from "zod";

import { emailSchema } from "./auth.ts";
import { ERR } from "./errors.ts";

/**
 * The people who run Daywork (docs/decisions/071): a moderator keeps the marketplace clean; an admin
 * also grants and revokes these roles. Any other account has no role.
 */
export const OPERATOR_ROLES = ["moderator", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Whether `role` may do what `needed` allows: an admin may do everything a moderator may. */
export function roleAllows(role: OperatorRole | null, needed: OperatorRole): boolean {
  if (role === null) return false;
  return needed === "moderator" || role === "admin";
}

export const grantRoleSchema = z.object({
  email: emailSchema,
  role: z.enum(OPERATOR_ROLES, { error: ERR.operatorRoleInvalid }),
});
export type GrantRoleInput = z.infer<typeof grantRoleSchema>;

export const revokeRoleSchema = z.object({ userId: z.string().min(1).max(100) });
