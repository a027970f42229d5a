import { and, eq, isNull } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { accountSanctions, appeals, moderationDecisions } from "../../db/schema/index.ts";
import type { OperatorRole } from "../../domain/operators.ts";
import { subjectFromKey } from "../../domain/reports.ts";
import { tellAppealAnswered } from "../decisions/notices.ts";
import { recordOperatorAction } from "../operators/audit.ts";
import { inTransaction, isRefusal, refusal, type Refusal } from "../refusal.ts";
import { restoreItem, type DecideServices } from "./decide.ts";
import { liftSanctionIn } from "./sanctions.ts";

export type AnswerAppealInput = {
  operator: { id: string; role: OperatorRole };
  appealId: string;
  outcome: "upheld" | "reversed";
  note: string;
};

/**
 * An operator answers an appeal of a decision (docs/decisions/074), never the one who took it nor the
 * appellant. A reversal brings back what the decision took down and lifts its sanction if still in
 * force; the decision is marked reversed. The appellant is told either way, in their language.
 */
export async function answerDecisionAppeal(
  db: Database,
  services: DecideServices,
  input: AnswerAppealInput,
): Promise<{ outcome: "upheld" | "reversed" } | Refusal<"not_found" | "appeal_taken" | "appeal_own_decision" | "operator_self">> {
  const now = services.now();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        outcome: appeals.outcome,
        appellantId: appeals.appellantId,
        decisionId: moderationDecisions.id,
        decidedBy: moderationDecisions.decidedBy,
        subjectType: moderationDecisions.subjectType,
        subjectId: moderationDecisions.subjectId,
        sanctionId: moderationDecisions.sanctionId,
      })
      .from(appeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
      .where(and(eq(appeals.id, input.appealId), eq(appeals.kind, "decision")))
      .for("update", { of: appeals });
    if (!row) return refusal("not_found");
    if (row.outcome !== null) return refusal("appeal_taken");
    if (row.decidedBy === input.operator.id) return refusal("appeal_own_decision");
    if (row.appellantId === input.operator.id) return refusal("operator_self");

    if (input.outcome === "reversed") {
      const subject = subjectFromKey(row.subjectType, row.subjectId);
      if (subject) await restoreItem(tx, services.queue, subject, now);
      if (row.sanctionId) {
        const [inForce] = await tx
          .select({ id: accountSanctions.id })
          .from(accountSanctions)
          .where(and(eq(accountSanctions.id, row.sanctionId), isNull(accountSanctions.liftedAt)));
        if (inForce) {
          const lifted = await liftSanctionIn(tx, { operator: input.operator, sanctionId: inForce.id, note: input.note, now });
          if (isRefusal(lifted)) return lifted;
        }
      }
      await tx.update(moderationDecisions).set({ reversedAt: now }).where(eq(moderationDecisions.id, row.decisionId));
    }
    await tx
      .update(appeals)
      .set({ outcome: input.outcome, answer: input.note, answeredBy: input.operator.id, answeredAt: now })
      .where(eq(appeals.id, input.appealId));
    await recordOperatorAction(tx, {
      operatorId: input.operator.id,
      action: `appeal_${input.outcome}`,
      subjectType: "decision",
      subjectId: row.decisionId,
      note: input.note,
    });
    if (row.appellantId) {
      await tellAppealAnswered(tx, services.queue, {
        appealId: input.appealId,
        decisionId: row.decisionId,
        appellantId: row.appellantId,
        outcome: input.outcome,
      });
    }
    return { outcome: input.outcome };
  });
}
