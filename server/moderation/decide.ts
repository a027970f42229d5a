import { and, count, eq, isNull } from "drizzle-orm";

import type { Database, Tx } from "../../db/database.ts";
import { chatMessages, jobs, moderationDecisions, profiles, ratings, reports } from "../../db/schema/index.ts";
import {
  actionFits,
  appealDeadline,
  isAdverse,
  type ModerationDecideInput,
  type ModerationSubject,
} from "../../domain/moderation/decisions.ts";
import type { OperatorRole } from "../../domain/operators.ts";
import { subjectKey } from "../../domain/reports.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { tellDecision } from "../decisions/notices.ts";
import { recordOperatorAction } from "../operators/audit.ts";
import { findOperatorRole } from "../operators/roles.ts";
import { inTransaction, isRefusal, refusal, type Refusal } from "../refusal.ts";
import { closeReportsIn } from "../reports/close-reports.ts";
import { subjectName } from "../reports/subject.ts";
import { removeContent, restoreContent } from "./content.ts";
import { decideHoldIn } from "./holds.ts";
import { imposeSanctionIn } from "./sanctions.ts";

/** A queue item as a decision reads it, under its row's lock: its author, and whether it is held or removed. */
export type ItemState = { authorId: string | null; held: boolean; removed: boolean };

/**
 * Locks the item's row and reads its state; null when it is gone. An author whose account was deleted
 * (its stand-in, docs/decisions/050) is nobody to sanction: `authorId` null.
 */
export async function lockItem(tx: Tx, subject: ModerationSubject): Promise<ItemState | null> {
  switch (subject.type) {
    case "job": {
      const [row] = await tx
        .select({ authorId: jobs.employerId, moderation: jobs.moderation, gone: profiles.deletedAt })
        .from(jobs)
        .innerJoin(profiles, eq(profiles.id, jobs.employerId))
        .where(eq(jobs.id, subject.id))
        .for("update", { of: jobs });
      return row
        ? { authorId: row.gone ? null : row.authorId, held: row.moderation === "held", removed: row.moderation === "removed" }
        : null;
    }
    case "message": {
      const [row] = await tx
        .select({ authorId: chatMessages.senderId, removedAt: chatMessages.removedAt, gone: profiles.deletedAt })
        .from(chatMessages)
        .innerJoin(profiles, eq(profiles.id, chatMessages.senderId))
        .where(eq(chatMessages.id, subject.id))
        .for("update", { of: chatMessages });
      return row ? { authorId: row.gone ? null : row.authorId, held: false, removed: row.removedAt !== null } : null;
    }
    case "review": {
      const [row] = await tx
        .select({ authorId: ratings.fromUserId, removedAt: ratings.removedAt, gone: profiles.deletedAt })
        .from(ratings)
        .innerJoin(profiles, eq(profiles.id, ratings.fromUserId))
        .where(eq(ratings.id, subject.id))
        .for("update", { of: ratings });
      return row ? { authorId: row.gone ? null : row.authorId, held: false, removed: row.removedAt !== null } : null;
    }
    case "profile": {
      const [row] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, subject.id), isNull(profiles.deletedAt)))
        .for("update");
      return row ? { authorId: row.id, held: false, removed: false } : null;
    }
  }
}

export type DecideServices = { queue: BackgroundQueue; now: () => Date };
export type DecideInput = ModerationDecideInput & { operator: { id: string; role: OperatorRole } };

type DecideRefusal = Refusal<
  "not_found" | "operator_self" | "operator_protected" | "moderation_action_unfit" | "moderation_nothing_to_decide"
>;

/**
 * An operator's decision on a queue item, in one transaction (docs/decisions/074): the action's effect,
 * the item's open reports closed with their reporters told, the decision row, its audit row, and the
 * statement of reasons to the item's author. A restriction or ban also takes the item down (a scam's
 * author and the scam go together); a held job's removal rejects its hold.
 */
export async function decide(
  db: Database,
  services: DecideServices,
  input: DecideInput,
): Promise<{ decisionId: string } | DecideRefusal> {
  const now = services.now();
  return inTransaction(db, async (tx) => {
    const item = await lockItem(tx, input.subject);
    if (!item) return refusal("not_found");
    if (!actionFits(input.action, input.subject.type, item.held)) return refusal("moderation_action_unfit");
    if (item.authorId === input.operator.id) return refusal("operator_self");
    if (
      isAdverse(input.action) &&
      item.authorId &&
      input.operator.role !== "admin" &&
      (await findOperatorRole(tx, item.authorId))
    ) {
      return refusal("operator_protected");
    }
    const { subjectType, subjectId } = subjectKey(input.subject);
    const [open] = await tx
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.subjectType, subjectType), eq(reports.subjectId, subjectId), eq(reports.status, "open")));

    let sanctionId: string | null = null;
    switch (input.action) {
      case "dismiss":
        if ((open?.n ?? 0) === 0) return refusal("moderation_nothing_to_decide");
        break;
      case "approve":
        if (
          !(await decideHoldIn(tx, services.queue, {
            jobId: subjectId,
            operatorId: input.operator.id,
            decision: "approved",
            now,
          }))
        ) {
          return refusal("moderation_nothing_to_decide");
        }
        break;
      case "restore":
        if (!item.removed || !(await restoreItem(tx, services.queue, input.subject, now)))
          return refusal("moderation_nothing_to_decide");
        break;
      case "remove":
        if (item.removed) return refusal("moderation_nothing_to_decide");
        await takeDown(tx, services.queue, input, item, now);
        break;
      case "restrict":
      case "ban": {
        if (!item.authorId) return refusal("not_found");
        const sanction = await imposeSanctionIn(tx, {
          operator: input.operator,
          userId: item.authorId,
          kind: input.action === "ban" ? "banned" : "restricted",
          days: input.days ?? null,
          ground: input.ground,
          note: input.note,
          now,
        });
        if (isRefusal(sanction)) return sanction;
        sanctionId = sanction.id;
        if (!item.removed && input.subject.type !== "profile") await takeDown(tx, services.queue, input, item, now);
        break;
      }
    }

    // Reports of an item acted on close as "actioned"; a dismissal, an approval or a restore as "dismissed".
    await closeReportsIn(tx, services.queue, input.subject, isAdverse(input.action) ? "actioned" : "dismissed", now);
    const affectedUserId = input.action === "dismiss" ? null : item.authorId;
    const appealBy = isAdverse(input.action) && affectedUserId ? appealDeadline(now) : null;
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({
        subjectType,
        subjectId,
        affectedUserId,
        action: input.action,
        ground: input.ground,
        note: input.note,
        sanctionId,
        decidedBy: input.operator.id,
        decidedAt: now,
        appealBy,
      })
      .returning({ id: moderationDecisions.id });
    if (!decision) throw new Error("decision was not inserted");
    await recordOperatorAction(tx, {
      operatorId: input.operator.id,
      action: `decision_${input.action}`,
      subjectType,
      subjectId,
      reason: input.ground,
      note: input.note,
    });
    if (affectedUserId) {
      await tellDecision(tx, services.queue, {
        decisionId: decision.id,
        affectedUserId,
        action: input.action,
        ground: input.ground,
        subjectType,
        subjectName: await subjectName(tx, input.subject),
        appealBy,
      });
    }
    return { decisionId: decision.id };
  });
}

/** Takes the item down: a held job's hold is rejected, anything else is removed (server/moderation/content.ts). */
async function takeDown(tx: Tx, queue: BackgroundQueue, input: DecideInput, item: ItemState, now: Date): Promise<void> {
  if (input.subject.type === "profile") return;
  if (item.held) {
    await decideHoldIn(tx, queue, { jobId: String(input.subject.id), operatorId: input.operator.id, decision: "rejected", now });
    return;
  }
  await removeContent(tx, queue, { type: input.subject.type, id: String(input.subject.id) }, now);
}

/** Brings back an item an earlier decision took down; false when it is not down. */
export async function restoreItem(tx: Tx, queue: BackgroundQueue, subject: ModerationSubject, now: Date): Promise<boolean> {
  if (subject.type === "profile") return false;
  return restoreContent(tx, queue, { type: subject.type, id: String(subject.id) }, now);
}
