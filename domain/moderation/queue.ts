/** What waits in the moderation queue (docs/decisions/074): reports on an item, a held job, an appeal. */
export const QUEUE_KINDS = ["report", "hold", "appeal"] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];
