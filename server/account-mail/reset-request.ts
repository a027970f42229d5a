/**
 * The one answer to every reset request from a client, given before the address is looked up: the
 * request is queued and the lookup, the link and the mail run afterwards in the background queue
 * (docs/decisions/058, 064), so the answer takes the same time and says the same thing whether or not
 * the address has an account.
 */
export const resetRequestAnswer = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
} as const;
