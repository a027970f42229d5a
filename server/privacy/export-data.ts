import { asc, eq, getTableColumns, inArray } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { account, session, user } from "../../db/schema/auth.ts";
import {
  accountSanctions,
  appeals,
  certificates,
  chatMessages,
  consentHistory,
  conversationParticipants,
  conversations,
  dataProcessingLogs,
  employerFollows,
  favouriteWorkers,
  idempotentRequests,
  jobApplications,
  jobHolds,
  jobInvitations,
  jobOwnerViews,
  jobs,
  ledgerParties,
  ledgerPostings,
  ledgerTransactions,
  liveSockets,
  moderationDecisions,
  notifications,
  operatorAudit,
  operators,
  payoutMethods,
  payoutProfiles,
  payouts,
  personBlocks,
  profiles,
  pushSubscriptions,
  rateLimits,
  ratings,
  ratingSummaries,
  reliabilityEvents,
  reports,
  savedSearches,
  shiftAttendance,
  timesheetEvents,
  timesheets,
  userInterests,
} from "../../db/schema/index.ts";
import { jobFields } from "../jobs/job-projection.ts";
import { inTransaction, type Refusal } from "../refusal.ts";

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type ExportRow = { [key: string]: JsonValue };

/** What `privacy.export` answers and the browser saves as one JSON file. */
export type PersonalDataExport = {
  exported_at: string;
  user_id: string;
  email: string;
  account: ExportRow | null;
  sign_in_methods: ExportRow[];
  sessions: ExportRow[];
  profile: ExportRow | null;
  jobs: ExportRow[];
  applications: ExportRow[];
  /** When the person last opened each of their jobs' applications page. */
  job_views: ExportRow[];
  /** The days the person worked as a hired worker: attendance, timesheets and each timesheet's history. */
  shifts: { attendance: ExportRow[]; timesheets: ExportRow[]; timesheet_history: ExportRow[] };
  certificates: ExportRow[];
  interests: ExportRow[];
  ratings: { given: ExportRow[]; received: ExportRow[]; summary: ExportRow[] };
  /** Late cancellations and no-shows recorded about the person, with their replies (docs/decisions/033). */
  reliability: ExportRow[];
  /**
   * Rehiring (docs/decisions/036): the person's favourites and follows both ways, and the invitations
   * they received. The other person of a favourite or follow is left out (their id is theirs to export);
   * each row says when.
   */
  rehiring: {
    favourite_workers: ExportRow[];
    favourited_by: ExportRow[];
    following: ExportRow[];
    followers: ExportRow[];
    invitations: ExportRow[];
  };
  /**
   * The person's own blocks (docs/decisions/068), each with when. As with favourites, the other person
   * is left out (their id is theirs to export). Blocks of the person by others are the others' data and
   * are never told to the person, here or anywhere.
   */
  blocks: ExportRow[];
  conversations: ExportRow[];
  messages: ExportRow[];
  notifications: ExportRow[];
  saved_searches: ExportRow[];
  push_subscriptions: ExportRow[];
  consent_history: ExportRow[];
  data_processing_logs: ExportRow[];
  rate_limits: ExportRow[];
  live_sockets: ExportRow[];
  /**
   * Creates sent with an idempotency key in the last day (docs/decisions/063): which kind, the key and
   * when. The stored answer repeats a row exported above (and may name other people), so it stays out.
   */
  idempotent_requests: ExportRow[];
  /**
   * The person's operator role, the roles they granted, and what they did as an operator (the audit log,
   * docs/decisions/071). Decisions about the person come with the moderation records.
   */
  operator: {
    role: ExportRow[];
    roles_granted: ExportRow[];
    actions: ExportRow[];
    sanctions_decided: ExportRow[];
    sanctions_lifted: ExportRow[];
    /**
     * Held job posts they decided on (docs/decisions/069). The holds of the person's own posts stay out:
     * which rules fired is not told to the poster; each job's `moderation` says its state.
     */
    holds_decided: ExportRow[];
    /** Moderation decisions they took and appeals they answered (docs/decisions/074). */
    decisions_taken: ExportRow[];
    appeals_answered: ExportRow[];
  };
  /**
   * Decisions about the person's items or account, with the statement they were given (ground and note,
   * without the deciding operator), and the appeals they made (docs/decisions/074).
   */
  moderation: { decisions: ExportRow[]; appeals: ExportRow[] };
  /** Restrictions and bans of the person's account (docs/decisions/073), without the operators' names. */
  sanctions: ExportRow[];
  /**
   * Reports (docs/decisions/070): those the person sent, whole; and those about their items, without
   * who sent them or their comment, which would name the reporter.
   */
  reports: { sent: ExportRow[]; about_you: ExportRow[] };
  /**
   * Money (docs/decisions/076): the person's ledger party and their whole statement, each posting with
   * its transaction's cause, reference, job and memo, amounts in minor units. Who recorded a posting
   * (another person's party) is left out.
   */
  ledger: { party: ExportRow[]; statement: ExportRow[] };
  /**
   * Payouts (docs/decisions/081): saved methods by their labels (never the provider's token), the payout
   * settings with the ИНН and its checked status, and every payout with its status and tax receipt.
   */
  payouts: { methods: ExportRow[]; settings: ExportRow[]; payouts: ExportRow[] };
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function json(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(json);
  if (typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, json(v)]));
  if (typeof value === "bigint") return value.toString();
  return value as JsonValue;
}

/** A row with snake_case keys (as the tables name them) and ISO dates. */
function exportRow(row: Record<string, unknown>): ExportRow {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), json(v)]));
}

/**
 * Everything we hold about one person as one JSON document, read in one snapshot: their own rows whole, so a
 * column added later is exported too; other people only as job titles and conversation ids (docs/decisions/003).
 */
export async function exportPersonalData(
  db: Database,
  userId: string,
  now: Date,
): Promise<PersonalDataExport | Refusal<"signed_out">> {
  return inTransaction(
    db,
    async (tx, refuse: (reason: "signed_out") => never) => {
      // The person's row first, as a deletion takes it (docs/decisions/015, 059): a deletion under way
      // finishes before this reads, and an account already gone is a sign-out, not a 500.
      if (!(await lockPeopleFirst(tx, [userId]))) return refuse("signed_out");
      await tx.insert(dataProcessingLogs).values({
        userId,
        action: "export",
        description: "Personal data exported at the person's request",
        createdAt: now,
      });

      const [owner] = await tx.select().from(user).where(eq(user.id, userId));
      const signInMethods = await tx
        .select({ providerId: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
        .from(account)
        .where(eq(account.userId, userId))
        .orderBy(asc(account.createdAt));
      // Sessions without their ids and tokens: secrets, not personal data.
      const { id: _sessionId, token: _token, userId: _sessionUser, ...sessionColumns } = getTableColumns(session);
      const sessions = await tx
        .select(sessionColumns)
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt));
      const [profile] = await tx.select().from(profiles).where(eq(profiles.id, userId));

      const postedJobs = await tx.select(jobFields).from(jobs).where(eq(jobs.employerId, userId)).orderBy(asc(jobs.createdAt));
      const applications = await tx
        .select({ ...getTableColumns(jobApplications), jobTitle: jobs.title })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(eq(jobApplications.workerId, userId))
        .orderBy(asc(jobApplications.createdAt));
      const jobViews = await tx
        .select(getTableColumns(jobOwnerViews))
        .from(jobOwnerViews)
        .innerJoin(jobs, eq(jobs.id, jobOwnerViews.jobId))
        .where(eq(jobs.employerId, userId))
        .orderBy(asc(jobOwnerViews.applicationsSeenAt));
      // Shift records hang off the person's applications (docs/decisions/032).
      const hires = tx.select({ id: jobApplications.id }).from(jobApplications).where(eq(jobApplications.workerId, userId));
      const attendance = await tx
        .select()
        .from(shiftAttendance)
        .where(inArray(shiftAttendance.applicationId, hires))
        .orderBy(asc(shiftAttendance.shiftDate));
      const sheets = await tx
        .select()
        .from(timesheets)
        .where(inArray(timesheets.applicationId, hires))
        .orderBy(asc(timesheets.shiftDate));
      const sheetHistory = await tx
        .select(getTableColumns(timesheetEvents))
        .from(timesheetEvents)
        .innerJoin(timesheets, eq(timesheets.id, timesheetEvents.timesheetId))
        .where(inArray(timesheets.applicationId, hires))
        .orderBy(asc(timesheetEvents.id));
      const certificateRows = await tx
        .select({
          id: certificates.id,
          fileName: certificates.fileName,
          fileSize: certificates.fileSize,
          createdAt: certificates.createdAt,
        })
        .from(certificates)
        .where(eq(certificates.userId, userId))
        .orderBy(asc(certificates.createdAt));

      // Ratings the person gave and received, each with the title of its job.
      const ratingsWhere = (person: typeof ratings.fromUserId | typeof ratings.toUserId) =>
        tx
          .select({
            id: ratings.id,
            jobId: ratings.jobId,
            jobTitle: jobs.title,
            rating: ratings.rating,
            comment: ratings.comment,
            createdAt: ratings.createdAt,
          })
          .from(ratings)
          .innerJoin(jobs, eq(jobs.id, ratings.jobId))
          .where(eq(person, userId))
          .orderBy(asc(ratings.createdAt));
      const ratingsGiven = await ratingsWhere(ratings.fromUserId);
      const ratingsReceived = await ratingsWhere(ratings.toUserId);
      // The count and sum of the ratings received, kept beside them for the lists (db/schema/ratings.ts).
      const ratingSummary = await tx
        .select({ ratingCount: ratingSummaries.ratingCount, ratingSum: ratingSummaries.ratingSum })
        .from(ratingSummaries)
        .where(eq(ratingSummaries.userId, userId));
      const strikes = await tx
        .select()
        .from(reliabilityEvents)
        .where(eq(reliabilityEvents.userId, userId))
        .orderBy(asc(reliabilityEvents.onDate), asc(reliabilityEvents.createdAt));

      const when = { createdAt: favouriteWorkers.createdAt };
      const favourites = await tx.select(when).from(favouriteWorkers).where(eq(favouriteWorkers.employerId, userId));
      const favouritedBy = await tx.select(when).from(favouriteWorkers).where(eq(favouriteWorkers.workerId, userId));
      const followWhen = { createdAt: employerFollows.createdAt };
      const following = await tx.select(followWhen).from(employerFollows).where(eq(employerFollows.followerId, userId));
      const followers = await tx.select(followWhen).from(employerFollows).where(eq(employerFollows.employerId, userId));
      const { workerId: _invited, ...invitationColumns } = getTableColumns(jobInvitations);
      const invitations = await tx
        .select({ ...invitationColumns, jobTitle: jobs.title })
        .from(jobInvitations)
        .innerJoin(jobs, eq(jobs.id, jobInvitations.jobId))
        .where(eq(jobInvitations.workerId, userId))
        .orderBy(asc(jobInvitations.createdAt));
      const ownBlocks = await tx
        .select({ createdAt: personBlocks.createdAt })
        .from(personBlocks)
        .where(eq(personBlocks.blockerId, userId))
        .orderBy(asc(personBlocks.createdAt));

      const memberships = await tx
        .select({
          conversationId: conversations.id,
          kind: conversations.kind,
          jobId: conversations.jobId,
          jobTitle: jobs.title,
          joinedAt: conversationParticipants.joinedAt,
        })
        .from(conversationParticipants)
        .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
        .innerJoin(jobs, eq(jobs.id, conversations.jobId))
        .where(eq(conversationParticipants.userId, userId))
        .orderBy(asc(conversationParticipants.joinedAt));
      const { senderId: _sender, ...messageColumns } = getTableColumns(chatMessages);
      const messages = await tx
        .select(messageColumns)
        .from(chatMessages)
        .where(eq(chatMessages.senderId, userId))
        .orderBy(asc(chatMessages.id));

      // Tables that are the person's own rows alone: exported whole, oldest first.
      const ownRows = (
        table:
          typeof userInterests | typeof notifications | typeof consentHistory | typeof dataProcessingLogs | typeof savedSearches,
      ) => tx.select().from(table).where(eq(table.userId, userId)).orderBy(asc(table.createdAt));
      const interests = await ownRows(userInterests);
      const notificationRows = await ownRows(notifications);
      const consents = await ownRows(consentHistory);
      const logs = await ownRows(dataProcessingLogs);
      const searches = await ownRows(savedSearches);
      // Devices with push on: which push service and since when. The endpoint and keys are left out:
      // they are capabilities to reach the device, secrets like session tokens.
      const pushDevices = (
        await tx
          .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(asc(pushSubscriptions.createdAt))
      ).map(({ endpoint, ...device }) => ({ ...device, pushService: new URL(endpoint).host }));
      // Counters of the person's recent limited actions (domain/limits.ts RATE_LIMITS).
      const limits = await tx.select().from(rateLimits).where(eq(rateLimits.userId, userId)).orderBy(asc(rateLimits.action));
      // The person's WebSockets open right now, each holding a place of the per-person limit (decision 065).
      const sockets = await tx
        .select()
        .from(liveSockets)
        .where(eq(liveSockets.userId, userId))
        .orderBy(asc(liveSockets.openedAt));
      const keyedCreates = await tx
        .select({ scope: idempotentRequests.scope, key: idempotentRequests.key, createdAt: idempotentRequests.createdAt })
        .from(idempotentRequests)
        .where(eq(idempotentRequests.userId, userId))
        .orderBy(asc(idempotentRequests.createdAt));
      const decisions = await tx
        .select({
          jobId: jobHolds.jobId,
          rules: jobHolds.rules,
          heldAt: jobHolds.heldAt,
          decision: jobHolds.decision,
          decidedAt: jobHolds.decidedAt,
        })
        .from(jobHolds)
        .where(eq(jobHolds.decidedBy, userId))
        .orderBy(asc(jobHolds.decidedAt));

      // Without the other people these rows name: who granted the role, whom it was granted, acted on.
      const roleColumns = { role: operators.role, grantedAt: operators.grantedAt };
      const role = await tx.select(roleColumns).from(operators).where(eq(operators.userId, userId));
      const rolesGranted = await tx.select(roleColumns).from(operators).where(eq(operators.grantedBy, userId));
      const operatorActions = await tx
        .select({
          action: operatorAudit.action,
          subjectType: operatorAudit.subjectType,
          reason: operatorAudit.reason,
          at: operatorAudit.at,
        })
        .from(operatorAudit)
        .where(eq(operatorAudit.operatorId, userId))
        .orderBy(asc(operatorAudit.at));
      // The item's author is left out: the item names them, and their id is theirs to export.
      const { reporterId: _reporter, subjectUserId: _author, ...reportColumns } = getTableColumns(reports);
      const reportsSent = await tx
        .select(reportColumns)
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.createdAt));
      const reportsAbout = await tx
        .select({
          id: reports.id,
          subjectType: reports.subjectType,
          subjectId: reports.subjectId,
          reason: reports.reason,
          createdAt: reports.createdAt,
          status: reports.status,
          closedAt: reports.closedAt,
          outcome: reports.outcome,
        })
        .from(reports)
        .where(eq(reports.subjectUserId, userId))
        .orderBy(asc(reports.createdAt));

      const sanctionColumns = {
        kind: accountSanctions.kind,
        ground: accountSanctions.ground,
        startsAt: accountSanctions.startsAt,
        endsAt: accountSanctions.endsAt,
        liftedAt: accountSanctions.liftedAt,
      };
      const sanctionsOf = (
        column: typeof accountSanctions.userId | typeof accountSanctions.decidedBy | typeof accountSanctions.liftedBy,
      ) => tx.select(sanctionColumns).from(accountSanctions).where(eq(column, userId)).orderBy(asc(accountSanctions.startsAt));
      const [ownSanctions, sanctionsDecided, sanctionsLifted] = [
        await sanctionsOf(accountSanctions.userId),
        await sanctionsOf(accountSanctions.decidedBy),
        await sanctionsOf(accountSanctions.liftedBy),
      ];

      const { decidedBy: _decider, affectedUserId: _affected, ...decisionColumns } = getTableColumns(moderationDecisions);
      const decisionsAbout = await tx
        .select(decisionColumns)
        .from(moderationDecisions)
        .where(eq(moderationDecisions.affectedUserId, userId))
        .orderBy(asc(moderationDecisions.decidedAt));
      // As an operator: what they decided and when, not about whom or the note written to that person.
      const decisionsTaken = await tx
        .select({
          id: moderationDecisions.id,
          subjectType: moderationDecisions.subjectType,
          action: moderationDecisions.action,
          ground: moderationDecisions.ground,
          decidedAt: moderationDecisions.decidedAt,
          reversedAt: moderationDecisions.reversedAt,
        })
        .from(moderationDecisions)
        .where(eq(moderationDecisions.decidedBy, userId))
        .orderBy(asc(moderationDecisions.decidedAt));
      const { answeredBy: _answerer, appellantId: _appellant, ...appealColumns } = getTableColumns(appeals);
      const appealsMade = await tx
        .select(appealColumns)
        .from(appeals)
        .where(eq(appeals.appellantId, userId))
        .orderBy(asc(appeals.createdAt));
      const appealsAnswered = await tx
        .select({
          id: appeals.id,
          kind: appeals.kind,
          createdAt: appeals.createdAt,
          outcome: appeals.outcome,
          answer: appeals.answer,
          answeredAt: appeals.answeredAt,
        })
        .from(appeals)
        .where(eq(appeals.answeredBy, userId))
        .orderBy(asc(appeals.createdAt));

      const party = await tx.select().from(ledgerParties).where(eq(ledgerParties.userId, userId));
      const statement = await tx
        .select({
          id: ledgerPostings.id,
          transactionId: ledgerPostings.transactionId,
          createdAt: ledgerPostings.createdAt,
          account: ledgerPostings.account,
          amountMinor: ledgerPostings.amountMinor,
          currency: ledgerPostings.currency,
          cause: ledgerTransactions.cause,
          causeRef: ledgerTransactions.causeRef,
          jobId: ledgerTransactions.jobId,
          memo: ledgerTransactions.memo,
        })
        .from(ledgerPostings)
        .innerJoin(ledgerParties, eq(ledgerParties.id, ledgerPostings.partyId))
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
        .where(eq(ledgerParties.userId, userId))
        .orderBy(asc(ledgerPostings.createdAt), asc(ledgerPostings.id));

      const methods = await tx
        .select({
          id: payoutMethods.id,
          kind: payoutMethods.kind,
          label: payoutMethods.label,
          bankId: payoutMethods.bankId,
          ready: payoutMethods.ready,
          isDefault: payoutMethods.isDefault,
          createdAt: payoutMethods.createdAt,
        })
        .from(payoutMethods)
        .where(eq(payoutMethods.userId, userId))
        .orderBy(asc(payoutMethods.createdAt));
      const payoutSettings = await tx.select().from(payoutProfiles).where(eq(payoutProfiles.userId, userId));
      const payoutRows = await tx
        .select({
          id: payouts.id,
          currency: payouts.currency,
          amountMinor: payouts.amountMinor,
          methodKind: payouts.methodKind,
          provider: payouts.provider,
          status: payouts.status,
          failureReason: payouts.failureReason,
          providerPayoutId: payouts.providerPayoutId,
          receiptId: payouts.receiptId,
          receiptUrl: payouts.receiptUrl,
          automatic: payouts.automatic,
          createdAt: payouts.createdAt,
          settledAt: payouts.settledAt,
        })
        .from(payouts)
        .innerJoin(ledgerParties, eq(ledgerParties.id, payouts.partyId))
        .where(eq(ledgerParties.userId, userId))
        .orderBy(asc(payouts.createdAt));

      return {
        exported_at: now.toISOString(),
        user_id: userId,
        email: owner?.email ?? "",
        account: owner ? exportRow(owner) : null,
        sign_in_methods: signInMethods.map(exportRow),
        sessions: sessions.map(exportRow),
        profile: profile ? exportRow(profile) : null,
        jobs: postedJobs.map(exportRow),
        applications: applications.map(exportRow),
        job_views: jobViews.map(exportRow),
        shifts: {
          attendance: attendance.map(exportRow),
          timesheets: sheets.map(exportRow),
          timesheet_history: sheetHistory.map(exportRow),
        },
        certificates: certificateRows.map(exportRow),
        interests: interests.map(exportRow),
        ratings: {
          given: ratingsGiven.map(exportRow),
          received: ratingsReceived.map(exportRow),
          summary: ratingSummary.map(exportRow),
        },
        reliability: strikes.map(exportRow),
        rehiring: {
          favourite_workers: favourites.map(exportRow),
          favourited_by: favouritedBy.map(exportRow),
          following: following.map(exportRow),
          followers: followers.map(exportRow),
          invitations: invitations.map(exportRow),
        },
        blocks: ownBlocks.map(exportRow),
        conversations: memberships.map(exportRow),
        messages: messages.map(exportRow),
        notifications: notificationRows.map(exportRow),
        saved_searches: searches.map(exportRow),
        push_subscriptions: pushDevices.map(exportRow),
        consent_history: consents.map(exportRow),
        data_processing_logs: logs.map(exportRow),
        rate_limits: limits.map(exportRow),
        live_sockets: sockets.map(exportRow),
        idempotent_requests: keyedCreates.map(exportRow),
        operator: {
          role: role.map(exportRow),
          roles_granted: rolesGranted.map(exportRow),
          actions: operatorActions.map(exportRow),
          sanctions_decided: sanctionsDecided.map(exportRow),
          sanctions_lifted: sanctionsLifted.map(exportRow),
          holds_decided: decisions.map(exportRow),
          decisions_taken: decisionsTaken.map(exportRow),
          appeals_answered: appealsAnswered.map(exportRow),
        },
        moderation: { decisions: decisionsAbout.map(exportRow), appeals: appealsMade.map(exportRow) },
        sanctions: ownSanctions.map(exportRow),
        reports: { sent: reportsSent.map(exportRow), about_you: reportsAbout.map(exportRow) },
        ledger: { party: party.map(exportRow), statement: statement.map(exportRow) },
        payouts: {
          methods: methods.map(exportRow),
          settings: payoutSettings.map(exportRow),
          payouts: payoutRows.map(exportRow),
        },
      };
    },
    { isolationLevel: "repeatable read" },
  );
}
