import { eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { moderationDecisions } from "../../db/schema/index.ts";
import type { DecisionSubjectType, ModerationAction } from "../../domain/moderation/decisions.ts";
import type { ModerationGround } from "../../domain/moderation/grounds.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "../notifications/notify.ts";

export type DecisionNotice = {
  decisionId: string;
  affectedUserId: string;
  action: ModerationAction;
  ground: ModerationGround;
  subjectType: DecisionSubjectType;
  /** A job's title; other items are named by their kind ("your message"). */
  subjectName: string | null;
  appealBy: Date | null;
};

/**
 * To the person a decision affects, in the decision's transaction, in the app, by e-mail and by push
 * (docs/decisions/074): what was decided, on which ground, and until when they may appeal; it opens
 * the statement of reasons. A ban's notice carries the operator's note too, since a banned person
 * cannot sign in to read it. Nobody is told of a dismissal; once per decision.
 */
export async function tellDecision(tx: Queryable, queue: BackgroundQueue, d: DecisionNotice): Promise<void> {
  if (d.action === "dismiss") return;
  let note: string | undefined;
  if (d.action === "ban") {
    const [row] = await tx
      .select({ note: moderationDecisions.note })
      .from(moderationDecisions)
      .where(eq(moderationDecisions.id, d.decisionId));
    note = row?.note;
  }
  await notifyPeople(
    tx,
    queue,
    [d.affectedUserId],
    {
      kind: "moderation_decision",
      decisionId: d.decisionId,
      action: d.action,
      ground: d.ground,
      subjectType: d.subjectType,
      subjectName: d.subjectName,
      appealBy: d.appealBy?.toISOString() ?? null,
      ...(note === undefined ? {} : { note }),
    },
    // The operator stays out of it: the notice outlives their account.
    { actorId: null, dedupeKey: `decision:${d.decisionId}` },
  );
}

/** To the appellant, in the answer's transaction: their appeal of a decision was upheld or reversed. */
export async function tellAppealAnswered(
  tx: Queryable,
  queue: BackgroundQueue,
  a: { appealId: string; decisionId: string; appellantId: string; outcome: "upheld" | "reversed" },
): Promise<void> {
  await notifyPeople(
    tx,
    queue,
    [a.appellantId],
    { kind: "appeal_answered", decisionId: a.decisionId, appealId: a.appealId, outcome: a.outcome },
    { actorId: null, dedupeKey: `appeal:${a.appealId}` },
  );
}
