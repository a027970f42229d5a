import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Queryable } from "../../db/database.ts";
import { appeals, moderationDecisions, profiles } from "../../db/schema/index.ts";
import { subjectFromKey } from "../../domain/reports.ts";
import { moderationItem } from "./item.ts";

const decider = alias(profiles, "decider");

/**
 * An appeal for the operator who answers it (docs/decisions/074): what was appealed and why, the
 * decision, the item as the queue shows it. `kind` tells the console which case to open: a decision's
 * here, a timesheet's or a strike's in server/disputes. Null when there is no such appeal.
 */
export async function appealCase(db: Queryable, appealId: string, now: Date) {
  const [row] = await db
    .select({
      id: appeals.id,
      kind: appeals.kind,
      text: appeals.text,
      createdAt: appeals.createdAt,
      outcome: appeals.outcome,
      answer: appeals.answer,
      answeredAt: appeals.answeredAt,
      decision: {
        id: moderationDecisions.id,
        action: moderationDecisions.action,
        ground: moderationDecisions.ground,
        note: moderationDecisions.note,
        decidedAt: moderationDecisions.decidedAt,
        decidedBy: moderationDecisions.decidedBy,
        deciderName: decider.fullName,
        subjectType: moderationDecisions.subjectType,
        subjectId: moderationDecisions.subjectId,
      },
    })
    .from(appeals)
    .leftJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .leftJoin(decider, eq(decider.id, moderationDecisions.decidedBy))
    .where(eq(appeals.id, appealId));
  if (!row) return null;
  const subject =
    row.decision?.subjectType && row.decision.subjectId ? subjectFromKey(row.decision.subjectType, row.decision.subjectId) : null;
  const item = subject ? await moderationItem(db, subject, now) : null;
  return { ...row, item };
}
