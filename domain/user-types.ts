/** The two kinds of account. */
export const USER_TYPES = ["worker", "employer"] as const;
export type UserType = (typeof USER_TYPES)[number];
