import { z } from "zod";

import { pageCursorSchema } from "../page-cursor.ts";
import { decisionIdSchema, type ModerationAction } from "./decisions.ts";

/**
 * Decisions the affected person is told about (docs/decisions/074): what takes something from them, and
 * what gives it back (a held job approved, content restored). A dismissal affects nobody.
 */
export const NOTIFIED_ACTIONS = [
  "remove",
  "restrict",
  "ban",
  "restore",
  "approve",
] as const satisfies readonly ModerationAction[];
export type NotifiedAction = (typeof NOTIFIED_ACTIONS)[number];

/** The caller's statements of reasons, newest first; `cursor` is the previous page's `nextCursor`. */
export const decisionsMineSchema = z.object({ cursor: pageCursorSchema.nullish() });

/** One statement of reasons, by its decision's id. */
export const decisionRefSchema = z.object({ decisionId: decisionIdSchema });
