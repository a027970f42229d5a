import { z } from "zod";

import { userIdSchema } from "./ids.ts";

/**
 * Blocks (docs/decisions/068): a member blocks another member. While either has blocked the other they
 * cannot message, invite, apply to or hire each other, and neither finds the other in people search.
 * The ceiling on how many one person holds is LIMITS.blocks (domain/limits.ts).
 */

/** `blocks.block` and `blocks.unblock`: the other person. */
export const blockSchema = z.object({ personId: userIdSchema });
