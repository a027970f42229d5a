import { z } from "zod";

import { ERR } from "../errors.ts";

/** What waits in the moderation queue (docs/decisions/074): reports on an item, a held job, an appeal. */
export const QUEUE_KINDS = ["report", "hold", "appeal"] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

export const moderationQueueSchema = z.object({ kind: z.enum(QUEUE_KINDS, { error: ERR.badRequest }).nullish() });
