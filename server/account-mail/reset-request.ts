/** What a reset request asks for, once our schemas have checked it. */
export type ResetRequestBody = { email: string; redirectTo?: string };

/**
 * The one answer to every reset request from a client, given before the address is looked up: the
 * lookup, the link and the mail run afterwards as a background task (docs/decisions/058), so the answer
 * takes the same time and says the same thing whether or not the address has an account.
 */
export const resetRequestAnswer = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
} as const;
