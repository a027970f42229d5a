/** Job categories offered when posting and filtering (docs/product.md, Jobs). */
export const CATEGORIES = [
  "construction",
  "delivery",
  "cleaning",
  "catering",
  "moving",
  "landscaping",
  "retail",
  "other",
] as const;
export type Category = (typeof CATEGORIES)[number];
