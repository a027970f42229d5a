// Element ids of the job page's cards that the phone's apply bar (apply-bar.tsx) scrolls to and steps
// aside for while they show; here so the bar need not load the cards' code to name them.

/** The apply card (apply-card.tsx). */
export const APPLY_CARD_ID = "apply-card";

/** A worker's invitation to the job (rehiring/invitation-card.tsx). */
export const INVITATION_CARD_ID = "invitation-card";

/** A hired worker's shift card (shifts/job-shift-cards.tsx): Check in and Check out on a shift day. */
export const SHIFT_CARD_ID = "shift-card";
