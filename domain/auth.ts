import { z } from "zod";

import { ERR, type ErrorKey } from "./errors.ts";
import { LIMITS } from "./limits.ts";
import { typedText } from "./text.ts";

export const emailSchema = typedText().trim().max(LIMITS.email, ERR.emailTooLong).pipe(z.email(ERR.emailInvalid));

/** A password being chosen (sign-up, change, reset): the same limits everywhere. */
const newPassword = z.string().min(LIMITS.passwordMin, ERR.passwordMin).max(LIMITS.passwordMax, ERR.passwordTooLong);

const mustAccept = z.literal(true, { error: ERR.acceptAllTerms });

/** Sign-up form and request: the three confirmations are each required (docs/product.md, Roles: 18+). */
export const signUpSchema = z.object({
  email: emailSchema,
  password: newPassword,
  fullName: typedText().trim().min(1, ERR.nameRequired).max(LIMITS.fullName, ERR.nameTooLong),
  ageConfirmed: mustAccept,
  consentDataProcessing: mustAccept,
  termsAccepted: mustAccept,
});

/** Sign-in form. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, ERR.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Password change in settings: new and confirmation must match. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, ERR.passwordRequired),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: ERR.passwordsMismatch, path: ["confirmPassword"] });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** "Forgot password?": the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** A new password chosen from a reset link: sign-up's limits, and the confirmation must match. */
export const newPasswordSchema = z
  .object({
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: ERR.passwordsMismatch, path: ["confirmPassword"] });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** The token a reset or confirmation link carries; anything else is a broken link (`message`), not a server error. */
export function linkTokenSchema(message: ErrorKey) {
  return z
    .string(message)
    .min(1, message)
    .max(LIMITS.linkToken, message)
    .regex(/^[\w.-]+$/, message);
}

/** Resending the confirmation mail: the signed-in person's own address. */
export const verificationResendSchema = z.object({ email: emailSchema });
