/** Job categories offered when posting and filtering (SPEC.md §3). */
export const CATEGORIES = ["construction", "delivery", "cleaning", "catering", "moving", "landscaping", "retail", "other"] as const;
export type Category = (typeof CATEGORIES)[number];
