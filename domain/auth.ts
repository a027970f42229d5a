import { z } from "zod";

import { ERR } from "./errors.ts";
import { LIMITS } from "./limits.ts";
import { typedText } from "./text.ts";

const email = typedText().trim().max(LIMITS.email, ERR.emailTooLong).pipe(z.email(ERR.emailInvalid));

const mustAccept = z.literal(true, { error: ERR.acceptAllTerms });

/** Sign-up form and request: the three confirmations are each required (docs/product.md, Roles: 18+). */
export const signUpSchema = z.object({
  email,
  password: z.string().min(LIMITS.passwordMin, ERR.passwordMin).max(LIMITS.passwordMax, ERR.passwordTooLong),
  fullName: typedText().trim().min(1, ERR.nameRequired).max(LIMITS.fullName, ERR.nameTooLong),
  ageConfirmed: mustAccept,
  consentDataProcessing: mustAccept,
  termsAccepted: mustAccept,
});

/** Sign-in form. */
export const signInSchema = z.object({
  email,
  password: z.string().min(1, ERR.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Password change in settings: new and confirmation must match. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, ERR.passwordRequired),
    newPassword: z.string().min(LIMITS.passwordMin, ERR.passwordMin).max(LIMITS.passwordMax, ERR.passwordTooLong),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: ERR.passwordsMismatch, path: ["confirmPassword"] });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
