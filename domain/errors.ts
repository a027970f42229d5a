/**
 * Keys of the user-facing error messages (SPEC.md §5, §6, §8). Schemas and procedures use these keys as
 * their messages; the client shows the translation of the key, the server's English text is the key's
 * `en` message. A test checks that every key exists in all ten message files.
 */
export const ERR = {
  emailInvalid: "error_email_invalid",
  emailTooLong: "error_email_too_long",
  passwordMin: "error_password_min",
  passwordTooLong: "error_password_too_long",
  passwordRequired: "error_password_required",
  passwordsMismatch: "error_passwords_mismatch",
  currentPasswordWrong: "error_current_password_wrong",
  nameRequired: "error_name_required",
  nameTooLong: "error_name_too_long",
  acceptAllTerms: "error_accept_all_terms",
  emailTaken: "error_email_taken",
  invalidCredentials: "error_invalid_credentials",
  tooManyRequests: "error_too_many_requests",
  fullNameRequired: "error_full_name_required",
  fullNameTooLong: "error_full_name_too_long",
  userTypeRequired: "error_user_type_required",
  dateOfBirthInvalid: "error_date_of_birth_invalid",
  minAge: "error_min_age",
  bioTooLong: "error_bio_too_long",
  locationTooLong: "error_location_too_long",
  phoneTooLong: "error_phone_too_long",
  companyNameTooLong: "error_company_name_too_long",
  interestTooLong: "error_interest_too_long",
  interestRequired: "error_interest_required",
  unauthorized: "error_unauthorized",
  profileRequired: "error_profile_required",
  notFound: "error_not_found",
  generic: "error_generic",
} as const;

export type ErrorKey = (typeof ERR)[keyof typeof ERR];
