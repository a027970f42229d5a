import { and, eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { appeals, moderationDecisions } from "../../db/schema/index.ts";
import { inTransaction, refusal, type Refusal } from "../refusal.ts";

/**
 * The affected person appeals a decision with a text (docs/decisions/074): once (the unique index on the
 * decision decides a race), before its appeal window closes, and only a decision that can be appealed
 * and was not reversed. Anyone else's decision is not found. The same text sent again after a lost
 * answer is answered with the appeal already made.
 */
export async function appealDecision(
  db: Database,
  p: { userId: string; decisionId: string; text: string; now: Date },
): Promise<{ appealId: string } | Refusal<"not_found" | "appeal_closed">> {
  return inTransaction(db, async (tx) => {
    const [decision] = await tx
      .select({ appealBy: moderationDecisions.appealBy, reversedAt: moderationDecisions.reversedAt })
      .from(moderationDecisions)
      .where(and(eq(moderationDecisions.id, p.decisionId), eq(moderationDecisions.affectedUserId, p.userId)));
    if (!decision) return refusal("not_found");
    const [made] = await tx
      .select({ id: appeals.id, appellantId: appeals.appellantId, text: appeals.text })
      .from(appeals)
      .where(eq(appeals.decisionId, p.decisionId));
    if (made) return made.appellantId === p.userId && made.text === p.text ? { appealId: made.id } : refusal("appeal_closed");
    if (decision.appealBy === null || p.now >= decision.appealBy || decision.reversedAt !== null) return refusal("appeal_closed");
    const [created] = await tx
      .insert(appeals)
      .values({ kind: "decision", decisionId: p.decisionId, appellantId: p.userId, text: p.text, createdAt: p.now })
      .onConflictDoNothing({ target: appeals.decisionId })
      .returning({ id: appeals.id });
    return created ? { appealId: created.id } : refusal("appeal_closed");
  });
}
