// Who may call what (docs/product.md, Permissions), for every procedure of the app router. The table
// below gives each procedure path its access rule and a valid input naming the fixture's rows; the
// router is enumerated at run time (server/testing/procedures.ts), so a procedure without an entry fails
// here (and in tsc: the table must cover `ProcedurePath`). Each procedure is called as every wrong
// caller (a visitor, a half-onboarded account, a worker and an employer with no part in the fixture,
// a pending applicant) and must be refused as its rule says; where the rule is ownership, "not yours"
// must read exactly like "not found" (the answer for an id that names nothing); and the right caller
// must get through once.
import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createCertificate } from "../../db/factories/certificates.ts";
import { createChatMessage } from "../../db/factories/chat.ts";
import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createSavedSearch } from "../../db/factories/saved-searches.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import {
  appeals,
  moderationDecisions,
  notifications,
  operators,
  personBlocks,
  reliabilityEvents,
  reports,
  shiftAttendance,
  timesheetEvents,
  timesheets,
  userInterests,
} from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import { ERR } from "../../domain/errors.ts";
import { currentCode, jobSecret } from "../attendance/code.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { validJobInput } from "../jobs/job-test-kit.ts";
import { markPaid } from "../money/direct-pay.ts";
import { payoutsFixture } from "../money/payouts/payout-test-kit.ts";
import { rehiringFixture } from "../rehiring/rehiring-test-kit.ts";
import { signUp } from "../testing/accounts.ts";
import { callProcedure, routerProcedures, type ProcedurePath, type RouterProcedure } from "../testing/procedures.ts";
import { pushBrowser } from "../testing/push-browser.ts";
import { refusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

type Refused = { code: TRPCError["code"]; key: string };
/** What a caller gets: this refusal, or through (their own data, or a capability every member has). */
type Outcome = Refused | "allowed";

/** The wrong callers every procedure is tried with. */
const WRONG = [
  "anonymous",
  "half-onboarded",
  "worker stranger",
  "employer stranger",
  "pending applicant",
  "unconfirmed member",
] as const;
type Who = (typeof WRONG)[number];

const SIGN_IN: Refused = { code: "UNAUTHORIZED", key: ERR.unauthorized };
const FINISH_ONBOARDING: Refused = { code: "FORBIDDEN", key: ERR.onboardingRequired };
const CONFIRM_EMAIL: Refused = { code: "FORBIDDEN", key: ERR.emailUnverified };
const NOT_FOUND: Refused = { code: "NOT_FOUND", key: ERR.notFound };
const CHAT_DENIED: Refused = { code: "FORBIDDEN", key: ERR.chatAccessDenied };
const APPLICATIONS_DENIED: Refused = { code: "FORBIDDEN", key: ERR.applicationsAccessDenied };
const ATTENDANCE_DENIED: Refused = { code: "FORBIDDEN", key: ERR.attendanceDenied };
const JOB_NOT_FOUND: Refused = { code: "NOT_FOUND", key: ERR.jobNotFound };
const TIMESHEET_NOT_FOUND: Refused = { code: "NOT_FOUND", key: ERR.timesheetNotFound };
const INVITATION_NOT_FOUND: Refused = { code: "NOT_FOUND", key: ERR.invitationNotFound };
const POST_AGAIN_NOT_FOUND: Refused = { code: "NOT_FOUND", key: ERR.postAgainNotFound };
const OPERATORS_ONLY: Refused = { code: "FORBIDDEN", key: ERR.operatorsOnly };
const ADMINS_ONLY: Refused = { code: "FORBIDDEN", key: ERR.adminsOnly };

/** Who the procedure builder lets in: "verified" is a member whose address is confirmed (docs/decisions/017). */
type Level = "anyone" | "account" | "member" | "verified";

type Rule = {
  name: string;
  /** What each wrong caller gets. */
  wrong: Record<Who, Outcome>;
  /** Ownership or visibility of a row: refusing a wrong caller must read like naming a missing row. */
  notYoursIsNotFound: boolean;
};

/**
 * A rule at `level` (the procedure builder) whose row-level check answers `others` to the signed-in
 * callers past the level; `except` names callers answered otherwise (a role rule, an earlier application).
 */
function rule(
  name: string,
  level: Level,
  others: Outcome,
  options: { except?: Partial<Record<Who, Outcome>>; notYoursIsNotFound?: boolean } = {},
): Rule {
  const wrong: Record<Who, Outcome> = {
    anonymous: level === "anyone" ? others : SIGN_IN,
    "half-onboarded": level === "member" || level === "verified" ? FINISH_ONBOARDING : others,
    "worker stranger": others,
    "employer stranger": others,
    "pending applicant": others,
    "unconfirmed member": level === "verified" ? CONFIRM_EMAIL : others,
    ...options.except,
  };
  return { name, wrong, notYoursIsNotFound: options.notYoursIsNotFound ?? false };
}

const RULES = {
  public: rule("public", "anyone", "allowed"),
  ownAccount: rule("account: own data only", "account", "allowed"),
  verifiedMember: rule("member with a confirmed address", "verified", "allowed"),
  workerMember: rule("member, workers only, once per job", "member", "allowed", {
    except: {
      "employer stranger": { code: "FORBIDDEN", key: ERR.applyWorkersOnly },
      "pending applicant": { code: "CONFLICT", key: ERR.alreadyApplied },
    },
  }),
  workerAccount: rule("account, workers only", "account", "allowed", {
    except: { "employer stranger": { code: "FORBIDDEN", key: ERR.interestsWorkersOnly } },
  }),
  selfOnlyRow: rule("account: own row only", "account", NOT_FOUND, { notYoursIsNotFound: true }),
  visibleProfile: rule("anyone, a hidden profile only its owner", "anyone", NOT_FOUND, { notYoursIsNotFound: true }),
  certificateViewer: rule("account: the worker or an employer they applied to", "account", NOT_FOUND, {
    notYoursIsNotFound: true,
  }),
  jobEditor: rule(
    "owner of the job (edit form)",
    "account",
    { code: "NOT_FOUND", key: ERR.jobEditNotFound },
    {
      notYoursIsNotFound: true,
    },
  ),
  jobEditorMember: rule(
    "member, owner of the job (edit form)",
    "member",
    { code: "NOT_FOUND", key: ERR.jobEditNotFound },
    {
      notYoursIsNotFound: true,
    },
  ),
  jobOwnerMember: rule(
    "member, owner of the job",
    "member",
    { code: "NOT_FOUND", key: ERR.jobNotFound },
    {
      notYoursIsNotFound: true,
    },
  ),
  ownApplicationMember: rule(
    "member, the worker's own application",
    "member",
    { code: "NOT_FOUND", key: ERR.noApplication },
    {
      notYoursIsNotFound: true,
    },
  ),
  applicationsOwner: rule("owner of the job (Access Denied)", "account", APPLICATIONS_DENIED, { notYoursIsNotFound: true }),
  applicationsOwnerMember: rule("member, owner of the application's job (Access Denied)", "member", APPLICATIONS_DENIED, {
    notYoursIsNotFound: true,
  }),
  reviewParty: rule("member, owner or accepted worker of the completed job", "member", NOT_FOUND, {
    notYoursIsNotFound: true,
  }),
  reviewTargets: rule("account: the job's parties see whom to review, others nobody", "account", "allowed"),
  participant: rule("participant of the conversation (Access Denied)", "account", CHAT_DENIED, { notYoursIsNotFound: true }),
  participantMember: rule("member, participant of the conversation (Access Denied)", "member", CHAT_DENIED, {
    notYoursIsNotFound: true,
  }),
  contactNotOwner: rule("member with a confirmed address, anyone but the job's owner", "verified", "allowed"),
  hiredWorker: rule("account, a hired worker of the job (Access Denied)", "account", ATTENDANCE_DENIED, {
    notYoursIsNotFound: true,
  }),
  hiredWorkerMember: rule("member, a hired worker of the job (Access Denied)", "member", ATTENDANCE_DENIED, {
    notYoursIsNotFound: true,
  }),
  hireOwnerMember: rule("member, owner of the hire's job", "member", NOT_FOUND, { notYoursIsNotFound: true }),
  jobOwnerOrHired: rule("account, the job's owner or a hired worker", "account", JOB_NOT_FOUND, { notYoursIsNotFound: true }),
  timesheetParty: rule("account, the job's owner or the worker of the timesheet", "account", TIMESHEET_NOT_FOUND, {
    notYoursIsNotFound: true,
  }),
  timesheetOwner: rule("member, owner of the timesheet's job", "member", TIMESHEET_NOT_FOUND, { notYoursIsNotFound: true }),
  timesheetWorker: rule("member, the worker of the timesheet", "member", TIMESHEET_NOT_FOUND, { notYoursIsNotFound: true }),
  member: rule("member", "member", "allowed"),
  jobOwnerAccount: rule("account, owner of the job", "account", JOB_NOT_FOUND, { notYoursIsNotFound: true }),
  invitedWorker: rule("member, the invited worker", "member", INVITATION_NOT_FOUND, { notYoursIsNotFound: true }),
  invitationOwner: rule("member, owner of the invitation's job", "member", INVITATION_NOT_FOUND, { notYoursIsNotFound: true }),
  pastJobOwner: rule("account, owner of the past job", "account", POST_AGAIN_NOT_FOUND, { notYoursIsNotFound: true }),
  reportableItem: rule("member, an item the caller can see (a message of their chat)", "member", NOT_FOUND, {
    notYoursIsNotFound: true,
  }),
  pastJobPoster: rule("member with a confirmed address, owner of the past job", "verified", POST_AGAIN_NOT_FOUND, {
    notYoursIsNotFound: true,
  }),
  timesheetPartyMember: rule("member, the job's owner or the worker of the timesheet", "member", TIMESHEET_NOT_FOUND, {
    notYoursIsNotFound: true,
  }),
  strikePersonMember: rule("member, the strike's person", "member", NOT_FOUND, { notYoursIsNotFound: true }),
  // The operator console (docs/decisions/071): no wrong caller here has a role.
  moderator: rule("member with an operator role", "member", OPERATORS_ONLY),
  admin: rule("member with the admin role", "member", ADMINS_ONLY),
  // Payouts (docs/decisions/081): a saved method is its owner's; taking money needs one's own method.
  payoutMethodMember: rule("member, own payout method", "member", NOT_FOUND, { notYoursIsNotFound: true }),
  payoutTaker: rule("member, own money to an own method", "member", { code: "CONFLICT", key: ERR.payoutMethodMissing }),
  // A statement of reasons (docs/decisions/074): only the person the decision affects.
  affectedPerson: rule("member, the person the decision affects", "member", NOT_FOUND, { notYoursIsNotFound: true }),
} satisfies Record<string, Rule>;

type Fixture = Awaited<ReturnType<typeof buildFixture>>;
type Input = (m: Fixture) => unknown;

type Entry = {
  rule: Rule;
  /** A valid input naming the fixture's row; wrong callers are refused it (or get only their own data). */
  input: Input;
  /** The same input naming a row that does not exist (random ids), for the ownership rules. */
  missing?: Input;
  /** The right caller, once; its input when it differs (a row of its own for a destructive action). */
  right: { as: (m: Fixture) => string | null | Promise<string | null>; input?: (m: Fixture) => unknown };
  /** For a caller let through: what they must (not) see. */
  seesOnlyOwn?: (result: unknown, who: Who, m: Fixture) => void;
};

const NO_SUCH_USER = "no-such-person-0000";
const NO_SUCH_MESSAGE = 9_000_000_000_000;
const none = () => undefined;

// The job's own days (the factory's): moving a job with hired workers has rules of its own (decision 056).
const jobEdit = (jobId: string) => {
  const { language: _language, ...fields } = validJobInput({ title: "Edited title", startDate: dateFromToday(3) });
  return { ...fields, jobId };
};

function idsIn(result: unknown): string {
  return JSON.stringify(result ?? null);
}

/** Every procedure's access rule. A procedure of the router missing here fails the first test. */
const ACCESS = {
  "profiles.me": {
    rule: RULES.public,
    input: none,
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result, who, m) => {
      const me = result as { user: { id: string } } | null;
      if (who === "anonymous") expect(me).toBeNull();
      else expect(me?.user.id).toBe(m.callers[who]);
    },
  },
  "profiles.completeOnboarding": {
    rule: RULES.ownAccount,
    input: () => ({ userType: "worker", fullName: "Somebody" }),
    right: { as: async (m) => (await signUp(m.t, { name: "Hal Half" })).id },
  },
  "profiles.update": {
    rule: RULES.ownAccount,
    input: () => ({ userType: "worker", fullName: "Somebody", currency: "RUB" }),
    right: { as: (m) => m.accepted.id },
  },
  "profiles.setNotifications": {
    rule: RULES.ownAccount,
    input: () => ({ email: false, push: false }),
    right: { as: (m) => m.owner.id },
  },
  "profiles.setPrivacy": {
    rule: RULES.ownAccount,
    input: () => ({ profileVisible: true, showEmail: false }),
    right: { as: (m) => m.owner.id },
  },
  "profiles.interests": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.interestId),
  },
  "profiles.addInterest": {
    rule: RULES.workerAccount,
    input: () => ({ interest: "carpentry" }),
    right: { as: (m) => m.accepted.id },
  },
  "profiles.removeInterest": {
    rule: RULES.selfOnlyRow,
    input: (m) => ({ id: m.interestId }),
    missing: () => ({ id: randomUUID() }),
    right: { as: (m) => m.accepted.id, input: (m) => ({ id: m.spareInterestId }) },
  },
  "profiles.public": {
    rule: RULES.visibleProfile,
    input: (m) => ({ id: m.hidden.id }),
    missing: () => ({ id: NO_SUCH_USER }),
    right: { as: (m) => m.hidden.id },
  },
  "certificates.list": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.certificateId),
  },
  "certificates.ofWorker": {
    rule: RULES.certificateViewer,
    input: (m) => ({ workerId: m.accepted.id }),
    missing: () => ({ workerId: NO_SUCH_USER }),
    right: { as: (m) => m.owner.id },
  },
  "certificates.link": {
    rule: RULES.certificateViewer,
    input: (m) => ({ id: m.certificateId }),
    missing: () => ({ id: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "certificates.delete": {
    rule: RULES.selfOnlyRow,
    input: (m) => ({ id: m.certificateId }),
    missing: () => ({ id: randomUUID() }),
    right: { as: (m) => m.accepted.id, input: (m) => ({ id: m.spareCertificateId }) },
  },
  "privacy.status": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.owner.id } },
  "privacy.export": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.owner.id } },
  "privacy.deleteAccount": {
    rule: RULES.ownAccount,
    input: none,
    // Never as a fixture person: a throwaway account of its own.
    right: { as: async (m) => (await createWorker(m.t.db)).id },
  },
  "jobs.search": { rule: RULES.public, input: () => ({ q: "garden" }), right: { as: () => null } },
  "jobs.byId": { rule: RULES.public, input: (m) => ({ jobId: m.job.id }), right: { as: (m) => m.owner.id } },
  "jobs.forEdit": {
    rule: RULES.jobEditor,
    input: (m) => ({ jobId: m.job.id }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "jobs.create": {
    rule: RULES.verifiedMember,
    input: () => validJobInput(),
    right: { as: (m) => m.owner.id },
  },
  "jobs.update": {
    rule: RULES.jobEditorMember,
    input: (m) => jobEdit(m.job.id),
    missing: () => jobEdit(randomUUID()),
    right: { as: (m) => m.owner.id },
  },
  "jobs.changeStatus": {
    rule: RULES.jobOwnerMember,
    input: (m) => ({ jobId: m.job.id, action: "cancel" }),
    missing: () => ({ jobId: randomUUID(), action: "cancel" }),
    right: { as: (m) => m.owner.id, input: (m) => ({ jobId: m.spareJobId, action: "cancel" }) },
  },
  "jobs.mine": {
    rule: RULES.ownAccount,
    input: () => ({ view: "posted" }),
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.job.id),
  },
  "jobs.mineSummary": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result) =>
      expect(idsIn(result)).toMatch(/"posted":\{"upcoming":0,"in_progress":0,"past":0\}.*"newApplications":0/),
  },
  "jobs.markApplicationsSeen": {
    rule: RULES.applicationsOwner,
    input: (m) => ({ jobId: m.job.id }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "people.search": { rule: RULES.public, input: () => ({ q: "o" }), right: { as: () => null } },
  "places.cities": { rule: RULES.public, input: () => ({ q: "kaz" }), right: { as: () => null } },
  "currency.rates": { rule: RULES.public, input: () => undefined, right: { as: () => null } },
  "places.city": { rule: RULES.public, input: () => ({ cityId: CITY.kazan }), right: { as: () => null } },
  "applications.submit": {
    rule: RULES.workerMember,
    input: (m) => ({ jobId: m.job.id, message: "I can help" }),
    right: { as: (m) => m.workerStranger.id },
  },
  "applications.mine": {
    rule: RULES.ownAccount,
    input: (m) => ({ jobId: m.job.id }),
    right: { as: (m) => m.pending.id },
    seesOnlyOwn: (result, who) =>
      expect((result as { status: string }).status).toBe(who === "pending applicant" ? "pending" : "none"),
  },
  "applications.forJob": {
    rule: RULES.applicationsOwner,
    input: (m) => ({ jobId: m.job.id }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "applications.accept": {
    rule: RULES.applicationsOwnerMember,
    input: (m) => ({ applicationId: m.pendingApplicationId }),
    missing: () => ({ applicationId: randomUUID() }),
    right: { as: (m) => m.owner.id, input: (m) => ({ applicationId: m.spareApplicationIds[0] }) },
  },
  "applications.reject": {
    rule: RULES.applicationsOwnerMember,
    input: (m) => ({ applicationId: m.pendingApplicationId }),
    missing: () => ({ applicationId: randomUUID() }),
    right: { as: (m) => m.owner.id, input: (m) => ({ applicationId: m.spareApplicationIds[1] }) },
  },
  "applications.undoReject": {
    rule: RULES.applicationsOwnerMember,
    input: (m) => ({ applicationId: m.rejectedApplicationId }),
    missing: () => ({ applicationId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "applications.withdraw": {
    rule: RULES.ownApplicationMember,
    // Only the accepted worker applied to it: every wrong caller has no application there.
    input: (m) => ({ jobId: m.shifts.pastJobId }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.pending.id, input: (m) => ({ jobId: m.shifts.jobId }) },
  },
  "ratings.submit": {
    rule: RULES.reviewParty,
    input: (m) => ({ jobId: m.completed.id, toUserId: m.accepted.id, rating: 5 }),
    missing: (m) => ({ jobId: randomUUID(), toUserId: m.accepted.id, rating: 5 }),
    right: { as: (m) => m.owner.id },
  },
  "ratings.forJob": {
    rule: RULES.reviewTargets,
    input: (m) => ({ jobId: m.completed.id }),
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result) => expect(result).toMatchObject({ toReview: [], reviewed: [] }),
  },
  "ratings.forUser": {
    rule: RULES.visibleProfile,
    input: (m) => ({ userId: m.hidden.id }),
    missing: () => ({ userId: NO_SUCH_USER }),
    right: { as: (m) => m.hidden.id },
  },
  "ratings.summary": {
    rule: RULES.visibleProfile,
    input: (m) => ({ userId: m.hidden.id }),
    missing: () => ({ userId: NO_SUCH_USER }),
    right: { as: (m) => m.hidden.id },
  },
  "workHistory.forUser": {
    rule: RULES.visibleProfile,
    input: (m) => ({ userId: m.hidden.id }),
    missing: () => ({ userId: NO_SUCH_USER }),
    right: { as: (m) => m.hidden.id },
  },
  "translate.available": { rule: RULES.public, input: none, right: { as: () => null } },
  // The job's own language: answered without a translation provider (none in tests).
  "translate.job": {
    rule: RULES.public,
    input: (m) => ({ jobId: m.job.id, targetLanguage: "en" }),
    right: { as: () => null },
  },
  "chat.conversationForJob": {
    rule: RULES.participant,
    input: (m) => ({ jobId: m.job.id }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  "chat.conversation": {
    rule: RULES.participant,
    input: (m) => ({ conversationId: m.conversationId }),
    missing: () => ({ conversationId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  "chat.history": {
    rule: RULES.participant,
    input: (m) => ({ conversationId: m.conversationId }),
    missing: () => ({ conversationId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "chat.send": {
    rule: RULES.participantMember,
    input: (m) => ({ conversationId: m.conversationId, content: "let me in" }),
    missing: () => ({ conversationId: randomUUID(), content: "let me in" }),
    right: { as: (m) => m.accepted.id },
  },
  "chat.markRead": {
    rule: RULES.participant,
    input: (m) => ({ conversationId: m.conversationId, messageId: m.messageId }),
    missing: (m) => ({ conversationId: randomUUID(), messageId: m.messageId }),
    right: { as: (m) => m.accepted.id },
  },
  "chat.imageUrl": {
    rule: RULES.participant,
    input: (m) => ({ messageId: m.imageMessageId }),
    missing: () => ({ messageId: NO_SUCH_MESSAGE }),
    right: { as: (m) => m.accepted.id },
  },
  "chat.contactEmployer": {
    rule: RULES.contactNotOwner,
    input: (m) => ({ jobId: m.job.id, content: "Is it still open?" }),
    right: { as: (m) => m.workerStranger.id },
  },
  "chat.onMessage": {
    rule: RULES.participant,
    input: (m) => ({ conversationId: m.conversationId }),
    missing: () => ({ conversationId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "chats.list": {
    rule: RULES.ownAccount,
    input: () => ({}),
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.conversationId),
  },
  // The accepted worker has the owner's messages unread; nobody else counts them.
  "chats.unreadCount": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result) => expect(result).toBe(0),
  },
  "push.publicKey": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.owner.id } },
  "push.subscribe": {
    rule: RULES.ownAccount,
    input: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/matrix", keys: pushBrowser().keys }),
    right: { as: (m) => m.owner.id },
  },
  // Someone else's endpoint is left alone exactly like an unknown one (server/push/subscriptions.test.ts).
  "push.unsubscribe": {
    rule: RULES.ownAccount,
    input: () => ({ endpoint: "https://fcm.googleapis.com/fcm/send/matrix" }),
    right: { as: (m) => m.owner.id },
  },
  "profiles.setLocale": {
    rule: RULES.ownAccount,
    input: () => ({ language: "en", timeZone: "Europe/Berlin" }),
    right: { as: (m) => m.owner.id },
  },
  "notifications.list": {
    rule: RULES.ownAccount,
    input: () => ({}),
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.notificationId),
  },
  "notifications.unreadCount": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.owner.id } },
  "notifications.markRead": {
    rule: RULES.selfOnlyRow,
    input: (m) => ({ id: m.notificationId }),
    missing: () => ({ id: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "notifications.markAllRead": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.owner.id } },
  "notifications.onChange": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.owner.id } },
  "savedSearches.list": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.savedSearchId),
  },
  "savedSearches.create": {
    rule: RULES.ownAccount,
    input: () => ({ filters: { q: "matrix", category: "moving" } }),
    right: { as: (m) => m.accepted.id },
  },
  "savedSearches.update": {
    rule: RULES.selfOnlyRow,
    input: (m) => ({ id: m.savedSearchId, alerts: "daily" }),
    missing: () => ({ id: randomUUID(), alerts: "daily" }),
    right: { as: (m) => m.accepted.id },
  },
  "savedSearches.remove": {
    rule: RULES.selfOnlyRow,
    input: (m) => ({ id: m.savedSearchId }),
    missing: () => ({ id: randomUUID() }),
    right: { as: (m) => m.accepted.id, input: (m) => ({ id: m.spareSavedSearchId }) },
  },
  "attendance.code": {
    rule: RULES.jobOwnerMember,
    input: (m) => ({ jobId: m.shifts.jobId }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "attendance.mine": {
    rule: RULES.hiredWorker,
    input: (m) => ({ jobId: m.shifts.jobId }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  // The right callers show the code the owner's screen shows at that moment.
  "attendance.checkIn": {
    rule: RULES.hiredWorkerMember,
    input: (m) => ({ jobId: m.shifts.jobId, code: "000000" }),
    missing: () => ({ jobId: randomUUID(), code: "000000" }),
    right: { as: (m) => m.accepted.id, input: (m) => ({ jobId: m.shifts.jobId, code: m.shifts.codeNow() }) },
  },
  "attendance.checkOut": {
    rule: RULES.hiredWorkerMember,
    input: (m) => ({ jobId: m.shifts.jobId, code: "000000" }),
    missing: () => ({ jobId: randomUUID(), code: "000000" }),
    right: { as: (m) => m.shifts.checkedInId, input: (m) => ({ jobId: m.shifts.jobId, code: m.shifts.codeNow() }) },
  },
  "attendance.record": {
    rule: RULES.hireOwnerMember,
    input: (m) => ({ applicationId: m.shifts.acceptedHireId, date: m.shifts.today, presence: "absent" }),
    missing: (m) => ({ applicationId: randomUUID(), date: m.shifts.today, presence: "absent" }),
    right: {
      as: (m) => m.owner.id,
      // Today's shift has not started plus its grace, so no absent yet (decision 056): present since midnight.
      input: (m) => ({ applicationId: m.shifts.spareHireId, date: m.shifts.today, presence: "present", checkIn: "00:00" }),
    },
  },
  "reliability.mine": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result, _who, m) => expect(JSON.stringify(result)).not.toContain(m.strikeId),
  },
  "reliability.reply": {
    rule: RULES.selfOnlyRow,
    input: (m) => ({ id: m.strikeId, reply: "It was the bus" }),
    missing: () => ({ id: randomUUID(), reply: "It was the bus" }),
    right: { as: (m) => m.accepted.id },
  },
  "holds.forJob": {
    rule: RULES.jobOwnerOrHired,
    input: (m) => ({ jobId: m.paidJobId }),
    missing: () => ({ jobId: randomUUID() }),
    // A hired worker sees only whether their pay is secured (server/money/holds/holds.test.ts).
    right: { as: (m) => m.accepted.id },
  },
  "holds.retry": {
    rule: RULES.jobOwnerMember,
    input: (m) => ({ jobId: m.paidJobId }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "timesheets.forJob": {
    rule: RULES.jobOwnerOrHired,
    input: (m) => ({ jobId: m.shifts.pastJobId }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "timesheets.csv": {
    rule: RULES.jobOwnerOrHired,
    input: (m) => ({ jobId: m.shifts.pastJobId }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  "timesheets.history": {
    rule: RULES.timesheetParty,
    input: (m) => ({ timesheetId: m.shifts.sheets.toAccept }),
    missing: () => ({ timesheetId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "timesheets.approve": {
    rule: RULES.timesheetOwner,
    input: (m) => ({ timesheetIds: [m.shifts.sheets.toApprove] }),
    missing: () => ({ timesheetIds: [randomUUID()] }),
    right: { as: (m) => m.owner.id },
  },
  "timesheets.edit": {
    rule: RULES.timesheetOwner,
    input: (m) => ({ timesheetId: m.shifts.sheets.toEdit, minutes: 420, reason: "Lunch break unpaid" }),
    missing: () => ({ timesheetId: randomUUID(), minutes: 420, reason: "Lunch break unpaid" }),
    right: { as: (m) => m.owner.id },
  },
  "timesheets.resolve": {
    rule: RULES.timesheetOwner,
    input: (m) => ({ timesheetId: m.shifts.sheets.toResolve, minutes: 450, reason: "Checked the gate log" }),
    missing: () => ({ timesheetId: randomUUID(), minutes: 450, reason: "Checked the gate log" }),
    right: { as: (m) => m.owner.id },
  },
  "timesheets.accept": {
    rule: RULES.timesheetWorker,
    input: (m) => ({ timesheetId: m.shifts.sheets.toAccept }),
    missing: () => ({ timesheetId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  "timesheets.dispute": {
    rule: RULES.timesheetWorker,
    input: (m) => ({ timesheetId: m.shifts.sheets.toDispute, reason: "I stayed until six", minutes: 540 }),
    missing: () => ({ timesheetId: randomUUID(), reason: "I stayed until six", minutes: 540 }),
    right: { as: (m) => m.accepted.id },
  },
  "timesheets.markPaid": {
    rule: RULES.timesheetOwner,
    input: (m) => ({ timesheetId: m.shifts.sheets.toMarkPaid }),
    missing: () => ({ timesheetId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "timesheets.confirmReceived": {
    rule: RULES.timesheetWorker,
    input: (m) => ({ timesheetId: m.shifts.sheets.toConfirm }),
    missing: () => ({ timesheetId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  "timesheets.myEarnings": {
    rule: RULES.ownAccount,
    input: () => ({}),
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.shifts.pastJobId),
  },
  // Money statements (docs/statements.md): one's own ledger party only; a job's statement for its owner.
  "statements.myEarnings": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result) => expect((result as { months: unknown[] }).months).toEqual([]),
  },
  "statements.mySpend": {
    rule: RULES.ownAccount,
    input: () => ({}),
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.shifts.pastJobId),
  },
  "statements.jobStatement": {
    rule: RULES.jobOwnerAccount,
    input: (m) => ({ jobId: m.shifts.pastJobId }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  // Blocks (docs/decisions/068): any member blocks and lists only their own.
  "blocks.list": {
    rule: RULES.member,
    input: none,
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result, _who, m) =>
      expect((result as { personId: string }[]).map((r) => r.personId)).not.toContain(m.blocks.acceptedBlockedId),
  },
  "blocks.block": {
    rule: RULES.member,
    input: (m) => ({ personId: m.blocks.targetId }),
    right: { as: (m) => m.owner.id },
  },
  "blocks.unblock": {
    rule: RULES.member,
    input: (m) => ({ personId: m.blocks.acceptedBlockedId }),
    right: { as: (m) => m.accepted.id },
  },
  // Rehiring (docs/decisions/036).
  "rehiring.personLinks": { rule: RULES.public, input: (m) => ({ personId: m.owner.id }), right: { as: (m) => m.accepted.id } },
  "rehiring.favourite": {
    rule: RULES.member,
    input: (m) => ({ workerId: m.rehiring.favouriteTargetId }),
    right: { as: (m) => m.owner.id },
  },
  "rehiring.unfavourite": {
    rule: RULES.ownAccount,
    input: (m) => ({ workerId: m.rehiring.favouriteTargetId }),
    right: { as: (m) => m.owner.id },
  },
  "rehiring.favourites": {
    rule: RULES.ownAccount,
    input: () => ({}),
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.rehiring.ownersFavouriteId),
  },
  "rehiring.follow": {
    rule: RULES.member,
    input: (m) => ({ employerId: m.rehiring.followTargetId }),
    right: { as: (m) => m.accepted.id },
  },
  "rehiring.unfollow": {
    rule: RULES.ownAccount,
    input: (m) => ({ employerId: m.rehiring.followTargetId }),
    right: { as: (m) => m.accepted.id },
  },
  "rehiring.followedJobs": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.job.id),
  },
  "rehiring.inviteJobs": {
    rule: RULES.ownAccount,
    input: (m) => ({ workerId: m.rehiring.inviteTargetId }),
    right: { as: (m) => m.owner.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.job.id),
  },
  "rehiring.invite": {
    rule: RULES.jobOwnerMember,
    input: (m) => ({ jobId: m.job.id, workerId: m.rehiring.inviteTargetId }),
    missing: (m) => ({ jobId: randomUUID(), workerId: m.rehiring.inviteTargetId }),
    right: { as: (m) => m.owner.id },
  },
  "rehiring.accept": {
    rule: RULES.invitedWorker,
    input: (m) => ({ invitationId: m.rehiring.toAccept.invitationId }),
    missing: () => ({ invitationId: randomUUID() }),
    right: { as: (m) => m.rehiring.toAccept.workerId },
  },
  "rehiring.decline": {
    rule: RULES.invitedWorker,
    input: (m) => ({ invitationId: m.rehiring.toDecline.invitationId }),
    missing: () => ({ invitationId: randomUUID() }),
    right: { as: (m) => m.rehiring.toDecline.workerId },
  },
  "rehiring.cancel": {
    rule: RULES.invitationOwner,
    input: (m) => ({ invitationId: m.rehiring.toCancel.invitationId }),
    missing: () => ({ invitationId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "rehiring.mine": {
    rule: RULES.ownAccount,
    input: none,
    right: { as: (m) => m.rehiring.toDecline.workerId },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.job.id),
  },
  "rehiring.forJob": {
    rule: RULES.ownAccount,
    input: (m) => ({ jobId: m.job.id }),
    right: { as: (m) => m.rehiring.toCancel.workerId },
    seesOnlyOwn: (result) => expect(result).toBeNull(),
  },
  "rehiring.ofJob": {
    rule: RULES.jobOwnerAccount,
    input: (m) => ({ jobId: m.job.id }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "rehiring.pastJob": {
    rule: RULES.pastJobOwner,
    input: (m) => ({ jobId: m.completed.id }),
    missing: () => ({ jobId: randomUUID() }),
    right: { as: (m) => m.owner.id },
  },
  "rehiring.postAgain": {
    rule: RULES.pastJobPoster,
    input: (m) => ({ copiedFromId: m.completed.id, job: validJobInput(), inviteWorkerIds: [m.accepted.id] }),
    missing: (m) => ({ copiedFromId: randomUUID(), job: validJobInput(), inviteWorkerIds: [m.accepted.id] }),
    right: { as: (m) => m.owner.id },
  },
  "health.overview": { rule: RULES.moderator, input: () => ({ window: 30 }), right: { as: (m) => m.moderatorId } },
  "health.transparencyCsv": {
    rule: RULES.moderator,
    input: () => ({ from: "2026-01-01", to: "2026-06-30" }),
    right: { as: (m) => m.moderatorId },
  },
  // Tried by the admin: the right calls run in path order, after operators.revoke took the moderator's role.
  "reconciliation.differences": { rule: RULES.moderator, input: () => ({}), right: { as: (m) => m.admin.id } },
  "operators.myRole": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.admin.id } },
  "operators.list": { rule: RULES.admin, input: none, right: { as: (m) => m.admin.id } },
  "operators.grant": {
    rule: RULES.admin,
    input: (m) => ({ email: m.workerStranger.email, role: "moderator" }),
    right: { as: (m) => m.admin.id },
  },
  "operators.revoke": {
    rule: RULES.admin,
    input: (m) => ({ userId: m.moderatorId }),
    right: { as: (m) => m.admin.id },
  },
  // A message of the job's group chat: only its participants can see it, so only they can report it.
  "reports.create": {
    rule: RULES.reportableItem,
    input: (m) => ({ subject: { type: "message", id: m.messageId }, reason: "harassment" }),
    missing: () => ({ subject: { type: "message", id: NO_SUCH_MESSAGE }, reason: "harassment" }),
    right: { as: (m) => m.accepted.id },
  },
  "moderation.queue": { rule: RULES.moderator, input: () => ({}), right: { as: (m) => m.moderatorId } },
  "moderation.item": {
    rule: RULES.moderator,
    input: (m) => ({ subject: { type: "message", id: m.messageId } }),
    right: { as: (m) => m.moderatorId },
  },
  "moderation.readMessage": {
    rule: RULES.moderator,
    input: (m) => ({ messageId: m.messageId }),
    right: { as: (m) => m.moderatorId },
  },
  "moderation.decide": {
    rule: RULES.moderator,
    input: (m) => ({ subject: { type: "profile", id: m.hidden.id }, action: "dismiss", ground: "spam", note: "Not spam" }),
    right: { as: (m) => m.moderatorId },
  },
  "moderation.appeal": { rule: RULES.moderator, input: (m) => ({ appealId: m.appealId }), right: { as: (m) => m.moderatorId } },
  "moderation.answerAppeal": {
    rule: RULES.moderator,
    input: (m) => ({ appealId: m.appealId, outcome: "upheld", note: "The link was sent to twelve people" }),
    right: { as: (m) => m.moderatorId },
  },
  "reports.mine": {
    rule: RULES.ownAccount,
    input: () => ({}),
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.reportId),
  },
  "decisions.mine": {
    rule: RULES.member,
    input: () => ({}),
    right: { as: (m) => m.accepted.id },
    seesOnlyOwn: (result, _who, m) => expect(idsIn(result)).not.toContain(m.decisions.decisionId),
  },
  "decisions.get": {
    rule: RULES.affectedPerson,
    input: (m) => ({ decisionId: m.decisions.decisionId }),
    missing: () => ({ decisionId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  "decisions.appeal": {
    rule: RULES.affectedPerson,
    input: (m) => ({ decisionId: m.decisions.decisionId, text: "It was a joke between colleagues" }),
    missing: () => ({ decisionId: randomUUID(), text: "It was a joke between colleagues" }),
    right: {
      as: (m) => m.accepted.id,
      input: (m) => ({ decisionId: m.decisions.spareDecisionId, text: "It was a joke between colleagues" }),
    },
  },
  // Disputes and strike appeals before operators (docs/decisions/074).
  "disputes.escalateTimesheet": {
    rule: RULES.timesheetPartyMember,
    input: (m) => ({ timesheetId: m.shifts.sheets.toEscalate, text: "Please decide" }),
    missing: () => ({ timesheetId: randomUUID(), text: "Please decide" }),
    right: { as: (m) => m.accepted.id },
  },
  "disputes.appealStrike": {
    rule: RULES.strikePersonMember,
    input: (m) => ({ strikeId: m.strikeId, text: "I was there" }),
    missing: () => ({ strikeId: randomUUID(), text: "I was there" }),
    right: { as: (m) => m.accepted.id },
  },
  "disputes.case": {
    rule: RULES.moderator,
    input: (m) => ({ appealId: m.appeals.timesheet }),
    right: { as: (m) => m.moderatorId },
  },
  "disputes.settleTimesheet": {
    rule: RULES.moderator,
    input: (m) => ({ appealId: m.appeals.timesheet, minutes: 480, note: "The gate log agrees" }),
    right: { as: (m) => m.moderatorId },
  },
  "disputes.answerStrike": {
    rule: RULES.moderator,
    input: (m) => ({ appealId: m.appeals.strike, outcome: "reversed", note: "The code log shows a check-in" }),
    right: { as: (m) => m.moderatorId },
  },
  // The console's money (docs/decisions/080): every operator reads it, only admins correct it.
  "ledgerCorrections.find": {
    rule: RULES.moderator,
    input: (m) => ({ query: m.accepted.email }),
    right: { as: (m) => m.moderatorId },
  },
  "ledgerCorrections.money": {
    rule: RULES.moderator,
    input: (m) => ({ jobId: m.shifts.pastJobId }),
    right: { as: (m) => m.moderatorId },
  },
  "ledgerCorrections.statement": {
    rule: RULES.moderator,
    input: (m) => ({ of: { jobId: m.shifts.pastJobId }, cursor: null }),
    right: { as: (m) => m.moderatorId },
  },
  "ledgerCorrections.post": {
    rule: RULES.admin,
    input: (m) => ({
      kind: "platform_to_worker",
      currency: "RUB",
      amount: "10.00",
      worker: { userId: m.accepted.id },
      reason: "Goodwill for the late bus",
      requestKey: randomUUID(),
    }),
    right: { as: (m) => m.admin.id },
  },
  "payouts.overview": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.accepted.id } },
  "payouts.history": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.accepted.id } },
  "payouts.sbpBanks": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.accepted.id } },
  "payouts.cardForm": { rule: RULES.ownAccount, input: none, right: { as: (m) => m.accepted.id } },
  "payouts.addCard": {
    rule: RULES.member,
    input: () => ({ token: "pt-matrix", last4: "4242", cardType: "Visa" }),
    right: { as: (m) => m.accepted.id },
  },
  "payouts.addSbp": {
    rule: RULES.member,
    input: () => ({ phone: "+7 912 345-67-89", bankId: "100000000111" }),
    right: { as: (m) => m.accepted.id },
  },
  "payouts.connect": { rule: RULES.member, input: () => ({ currency: "EUR" }), right: { as: (m) => m.accepted.id } },
  "payouts.refreshMethod": {
    rule: RULES.payoutMethodMember,
    input: (m) => ({ methodId: m.payouts.connectedId }),
    missing: () => ({ methodId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  "payouts.setDefault": {
    rule: RULES.payoutMethodMember,
    input: (m) => ({ methodId: m.payouts.cardId }),
    missing: () => ({ methodId: randomUUID() }),
    right: { as: (m) => m.accepted.id },
  },
  "payouts.removeMethod": {
    rule: RULES.payoutMethodMember,
    input: (m) => ({ methodId: m.payouts.cardId }),
    missing: () => ({ methodId: randomUUID() }),
    right: { as: (m) => m.accepted.id, input: (m) => ({ methodId: m.payouts.spareCardId }) },
  },
  "payouts.checkTaxStatus": {
    rule: RULES.member,
    input: () => ({ inn: "500100732259" }),
    right: { as: (m) => m.accepted.id },
  },
  "payouts.setAutoPayout": { rule: RULES.member, input: () => ({ enabled: false }), right: { as: (m) => m.accepted.id } },
  "payouts.takeNow": { rule: RULES.payoutTaker, input: () => ({ currency: "RUB" }), right: { as: (m) => m.accepted.id } },
} satisfies Record<ProcedurePath, Entry>;

/**
 * The fixture: an employer's open job with an accepted worker (both in its group chat, with a text and
 * an image message) and a pending applicant; a completed job of the same two; the accepted worker's
 * certificate and interest; a worker with a hidden profile; the wrong callers.
 */
async function buildFixture(t: TestApp) {
  const owner = await createEmployer(t.db, { fullName: "Olga Owner" });
  const accepted = await createWorker(t.db, { fullName: "Anton Accepted" });
  const pending = await createWorker(t.db, { fullName: "Pavel Pending" });
  const workerStranger = await createWorker(t.db, { fullName: "Stas Stranger" });
  const employerStranger = await createEmployer(t.db, { fullName: "Erik Elsewhere" });
  const hidden = await createWorker(t.db, { fullName: "Hidden Hanna", privacyProfileVisible: false });
  const half = await signUp(t, { name: "Halina Half" });
  const unconfirmed = await createWorker(t.db, { fullName: "Uma Unconfirmed", emailVerified: false });
  const job = await createJob(t.db, owner.id, { title: "Garden cleanup", maxWorkers: 5 });
  const completed = await createJob(t.db, owner.id, { title: "Finished move", status: "completed" });
  const spareJob = await createJob(t.db, owner.id, { title: "To be cancelled" });
  // Paid through Daywork (docs/decisions/079): the accepted worker hired, the pending applicant waiting.
  const paidJob = await createJob(t.db, owner.id, {
    title: "Paid through Daywork",
    startDate: dateFromToday(1),
    hourlyRate: 500,
    currency: "RUB",
    payMode: "through_daywork",
    maxWorkers: 3,
  });
  await createAcceptedApplication(t.db, paidJob.id, accepted.id);
  await createApplication(t.db, paidJob.id, pending.id);
  await createAcceptedApplication(t.db, job.id, accepted.id);
  await createAcceptedApplication(t.db, completed.id, accepted.id);
  const pendingApplication = await createApplication(t.db, job.id, pending.id);
  const spareApplicationIds: string[] = [];
  for (const name of ["Vera Spare", "Yuri Spare"]) {
    const applicant = await createWorker(t.db, { fullName: name });
    spareApplicationIds.push((await createApplication(t.db, job.id, applicant.id)).id);
  }
  // Rejected just now: its owner may still take it back.
  const rejectedApplicant = await createWorker(t.db, { fullName: "Rita Rejected" });
  const rejectedApplication = await createApplication(t.db, job.id, rejectedApplicant.id, { status: "rejected" });
  const conversationId = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [owner.id, accepted.id]));
  const message = await createChatMessage(t.db, conversationId, owner.id, { content: "Plan for tomorrow" });
  const image = await createChatMessage(t.db, conversationId, owner.id, {
    content: "",
    imagePath: `chat-images/${owner.id}/site.png`,
  });
  const [notification] = await t.db
    .insert(notifications)
    .values({
      userId: owner.id,
      kind: "application_received",
      payload: { kind: "application_received", jobId: job.id, jobTitle: job.title, applicantName: "Pavel Pending" },
      actorId: pending.id,
    })
    .returning({ id: notifications.id });
  if (!notification) throw new Error("notification was not inserted");
  const certificate = await createCertificate(t.db, accepted.id);
  const spareCertificate = await createCertificate(t.db, accepted.id, { fileName: "Spare.pdf" });
  const [interest, spareInterest] = await t.db
    .insert(userInterests)
    .values([
      { userId: accepted.id, interest: "gardening" },
      { userId: accepted.id, interest: "painting" },
    ])
    .returning();
  if (!interest || !spareInterest) throw new Error("interests were not inserted");
  const savedSearch = await createSavedSearch(t.db, accepted.id, { q: "garden", cityId: CITY.kazan, km: 25 });
  const spareSavedSearch = await createSavedSearch(t.db, accepted.id, { category: "moving" });
  const shifts = await shiftFixture(t, { owner: owner.id, accepted: accepted.id, pending: pending.id });
  const rehiring = await rehiringFixture(t.db, { ownerId: owner.id, jobId: job.id, followerId: accepted.id });
  // Nobody else in the fixture meets these two: a block of them changes no other procedure's answer.
  const blockTarget = await createWorker(t.db, { fullName: "Bea Blockable" });
  const acceptedBlocked = await createWorker(t.db, { fullName: "Bo Blocked" });
  await t.db.insert(personBlocks).values({ blockerId: accepted.id, blockedId: acceptedBlocked.id });
  const [strike] = await t.db
    .insert(reliabilityEvents)
    .values({
      userId: accepted.id,
      jobId: completed.id,
      kind: "no_show",
      role: "worker",
      onDate: completed.startDate,
      createdAt: new Date(),
    })
    .returning({ id: reliabilityEvents.id });
  if (!strike) throw new Error("strike was not inserted");
  const admin = await createWorker(t.db, { fullName: "Ada Admin" });
  const moderator = await createWorker(t.db, { fullName: "Mona Moderator" });
  await t.db.insert(operators).values([
    { userId: admin.id, role: "admin" },
    { userId: moderator.id, role: "moderator" },
  ]);
  const appealed = await appealsFixture(t, { completedJobId: completed.id, startDate: completed.startDate, shifts });
  const [report] = await t.db
    .insert(reports)
    .values({ reporterId: accepted.id, subjectType: "job", subjectId: spareJob.id, subjectUserId: owner.id, reason: "spam" })
    .returning({ id: reports.id });
  if (!report) throw new Error("report was not inserted");
  // Two appealable restrictions of the accepted worker: one to read, one to appeal.
  const decided = {
    subjectType: "profile",
    subjectId: accepted.id,
    affectedUserId: accepted.id,
    ground: "harassment",
  } as const;
  const appealBy = new Date(Date.now() + 14 * 86_400_000);
  const [decision, spareDecision] = await t.db
    .insert(moderationDecisions)
    .values([
      {
        ...decided,
        action: "restrict",
        note: "Insults in the group chat",
        decidedBy: moderator.id,
        decidedAt: new Date(),
        appealBy,
      },
      { ...decided, action: "restrict", note: "Insults again", decidedBy: moderator.id, decidedAt: new Date(), appealBy },
    ])
    .returning({ id: moderationDecisions.id });
  if (!decision || !spareDecision) throw new Error("decisions were not inserted");
  // The moderation queue's items: the group chat's message reported, the hidden worker's profile
  // reported (a moderator's right call dismisses it), and an admin's restriction of them appealed.
  await t.db.insert(reports).values([
    {
      reporterId: accepted.id,
      subjectType: "message",
      subjectId: String(message.id),
      subjectUserId: owner.id,
      reason: "harassment",
    },
    { reporterId: workerStranger.id, subjectType: "profile", subjectId: hidden.id, subjectUserId: hidden.id, reason: "spam" },
  ]);
  const [appealedDecision] = await t.db
    .insert(moderationDecisions)
    .values({
      subjectType: "profile",
      subjectId: hidden.id,
      affectedUserId: hidden.id,
      action: "restrict",
      ground: "spam",
      note: "Posted the same link to many people",
      decidedBy: admin.id,
      decidedAt: new Date(),
      appealBy: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning({ id: moderationDecisions.id });
  if (!appealedDecision) throw new Error("decision was not inserted");
  const [appeal] = await t.db
    .insert(appeals)
    .values({
      kind: "decision",
      decisionId: appealedDecision.id,
      appellantId: hidden.id,
      text: "I only shared it once",
      createdAt: new Date(),
    })
    .returning({ id: appeals.id });
  if (!appeal) throw new Error("appeal was not inserted");
  const callers: Record<Who, string | null> = {
    anonymous: null,
    "half-onboarded": half.id,
    "worker stranger": workerStranger.id,
    "employer stranger": employerStranger.id,
    "pending applicant": pending.id,
    "unconfirmed member": unconfirmed.id,
  };
  return {
    t,
    owner,
    accepted,
    pending,
    workerStranger,
    hidden,
    job,
    completed,
    spareJobId: spareJob.id,
    paidJobId: paidJob.id,
    pendingApplicationId: pendingApplication.id,
    spareApplicationIds,
    rejectedApplicationId: rejectedApplication.id,
    conversationId,
    messageId: message.id,
    imageMessageId: image.id,
    certificateId: certificate.id,
    notificationId: notification.id,
    spareCertificateId: spareCertificate.id,
    interestId: interest.id,
    spareInterestId: spareInterest.id,
    savedSearchId: savedSearch.id,
    spareSavedSearchId: spareSavedSearch.id,
    strikeId: strike.id,
    reportId: report.id,
    appealId: appeal.id,
    appeals: appealed,
    shifts,
    rehiring,
    admin,
    moderatorId: moderator.id,
    blocks: { targetId: blockTarget.id, acceptedBlockedId: acceptedBlocked.id },
    callers,
    decisions: { decisionId: decision.id, spareDecisionId: spareDecision.id },
    payouts: await payoutsFixture(t, owner.id, accepted.id),
  };
}

/**
 * Shifts: a job whose first day is today in its zone, with the accepted worker hired (no record yet), a
 * hired worker checked in an hour ago, a spare hire and the pending applicant; and a job under way
 * since two days with the accepted worker's timesheets in each state a right caller acts on.
 */
async function shiftFixture(t: TestApp, people: { owner: string; accepted: string; pending: string }) {
  const zone = "Europe/Moscow";
  const today = todayIn(zone);
  const job = await createJob(t.db, people.owner, { title: "Shift work", startDate: today, durationDays: 2, maxWorkers: 5 });
  const acceptedHire = await createAcceptedApplication(t.db, job.id, people.accepted);
  const checkedIn = await createWorker(t.db, { fullName: "Kira Checked-In" });
  const checkedInHire = await createAcceptedApplication(t.db, job.id, checkedIn.id);
  const spare = await createWorker(t.db, { fullName: "Sami Spare" });
  const spareHire = await createAcceptedApplication(t.db, job.id, spare.id);
  await createApplication(t.db, job.id, people.pending);
  const at = new Date(Date.now() - 60 * 60_000);
  await t.db.insert(shiftAttendance).values({
    jobId: job.id,
    applicationId: checkedInHire.id,
    shiftDate: todayIn(zone, at),
    presence: "present",
    checkedInAt: at,
    checkInBy: "worker",
    createdAt: at,
    updatedAt: at,
  });
  const secret = await jobSecret(t.db, job.id);

  const past = await createJob(t.db, people.owner, { title: "Long move", startDate: dateFromToday(-2), durationDays: 3 });
  const pastHire = await createAcceptedApplication(t.db, past.id, people.accepted);
  const later = new Date(Date.now() + 24 * 3_600_000);
  const sheet = async (day: number, values: Partial<typeof timesheets.$inferInsert>) => {
    const [row] = await t.db
      .insert(timesheets)
      .values({
        jobId: past.id,
        applicationId: pastHire.id,
        shiftDate: dateFromToday(day),
        status: "pending_employer",
        recordedMinutes: 480,
        minutes: 480,
        employerDeadline: later,
        createdAt: new Date(),
        updatedAt: new Date(),
        ...values,
      })
      .returning({ id: timesheets.id });
    if (!row) throw new Error("timesheet was not inserted");
    return row.id;
  };
  const answerable = { status: "approved" as const, employerDeadline: null, workerDeadline: later };
  return {
    jobId: job.id,
    today,
    acceptedHireId: acceptedHire.id,
    spareHireId: spareHire.id,
    checkedInId: checkedIn.id,
    codeNow: () => currentCode(secret, new Date()),
    pastJobId: past.id,
    sheets: {
      toApprove: await sheet(-2, {}),
      toEdit: await sheet(-1, {}),
      toAccept: await sheet(0, answerable),
      toDispute: await sheet(1, answerable),
      toResolve: await sheet(2, { status: "disputed", employerDeadline: null }),
      // Disputed 49 hours ago: either side may send it to Daywork (docs/decisions/074).
      toEscalate: await disputedSince(await sheet(3, { status: "disputed", employerDeadline: null }), 49),
      // Sent to Daywork already: an operator settles it.
      escalated: await disputedSince(await sheet(4, { status: "disputed", employerDeadline: null }), 50),
      // Agreed days of a job paid directly (the factory's default): one to mark paid, one marked to confirm.
      toMarkPaid: await sheet(5, { status: "accepted", employerDeadline: null }),
      toConfirm: await markedPaid(await sheet(6, { status: "accepted", employerDeadline: null })),
    },
  };

  async function markedPaid(timesheetId: string) {
    const marked = await markPaid(t.db, t.services.queue, { ownerId: people.owner, timesheetId });
    if (!("state" in marked)) throw new Error("the day was not marked paid");
    return timesheetId;
  }

  async function disputedSince(timesheetId: string, hours: number) {
    const at = new Date(Date.now() - hours * 3_600_000);
    await t.db.insert(timesheetEvents).values({
      timesheetId,
      actor: "worker",
      action: "disputed",
      oldMinutes: 480,
      newMinutes: 540,
      reason: "Longer",
      createdAt: at,
    });
    return timesheetId;
  }
}

/**
 * Open appeals an operator answers (docs/decisions/074): the accepted worker's escalated timesheet, and
 * a strike of a worker of its own (so no other procedure's figures change) appealed.
 */
async function appealsFixture(
  t: TestApp,
  p: { completedJobId: string; startDate: string; shifts: Awaited<ReturnType<typeof shiftFixture>> },
) {
  const struck = await createWorker(t.db, { fullName: "Sven Struck" });
  await createAcceptedApplication(t.db, p.completedJobId, struck.id);
  const [strike] = await t.db
    .insert(reliabilityEvents)
    .values({
      userId: struck.id,
      jobId: p.completedJobId,
      kind: "no_show",
      role: "worker",
      onDate: p.startDate,
      createdAt: new Date(),
    })
    .returning({ id: reliabilityEvents.id });
  if (!strike) throw new Error("strike was not inserted");
  const rows = await t.db
    .insert(appeals)
    .values([
      {
        kind: "timesheet",
        timesheetId: p.shifts.sheets.escalated,
        appellantId: null,
        text: "Please decide",
        createdAt: new Date(),
      },
      { kind: "strike", reliabilityEventId: strike.id, appellantId: struck.id, text: "I was there", createdAt: new Date() },
    ])
    .returning({ id: appeals.id, kind: appeals.kind });
  const idOf = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) throw new Error(`${kind} appeal was not inserted`);
    return row.id;
  };
  return { timesheet: idOf("timesheet"), strike: idOf("strike") };
}

let t: TestApp;
let m: Fixture;

beforeAll(async () => {
  t = await createTestApp({ services: { log: { info: () => undefined, warn: () => undefined } } });
  m = await buildFixture(t);
});
afterAll(() => t.close());

const procedures = routerProcedures();
const table: Partial<Record<string, Entry>> = ACCESS;
const described = procedures.flatMap((procedure) => {
  const entry = table[procedure.path];
  return entry ? [{ procedure, entry }] : [];
});

/** The call's refusal, or "allowed" with its result when it went through. */
async function outcomeOf(
  procedure: RouterProcedure,
  userId: string | null,
  input: unknown,
): Promise<{ outcome: Outcome; result?: unknown }> {
  try {
    const result = await callProcedure(t, userId, procedure, input);
    return { outcome: "allowed", result };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { outcome: (await refusal(Promise.reject(error))) as Refused };
  }
}

const sameOutcome = (a: Outcome, b: Outcome) => JSON.stringify(a) === JSON.stringify(b);
const show = (outcome: Outcome) => (outcome === "allowed" ? "let through" : `refused ${outcome.code} ${outcome.key}`);

describe("the access table", () => {
  it("names every procedure of the router, and nothing else", () => {
    const paths = procedures.map((p) => p.path as string);
    expect(
      paths.filter((path) => !(path in ACCESS)),
      "procedures without an access rule",
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((path) => !paths.includes(path)),
      "entries for no procedure",
    ).toEqual([]);
  });

  it("gives every ownership rule an input that names a missing row", () => {
    const without = described.filter(({ entry }) => entry.rule.notYoursIsNotFound && !entry.missing);
    expect(without.map(({ procedure }) => procedure.path)).toEqual([]);
  });
});

describe.each(described.map((d) => [d.procedure.path, d.entry.rule.name, d] as const))(
  "%s (%s)",
  (_path, _rule, { procedure, entry }) => {
    // A mutation a wrong caller may make (on their own data) is not made here: only refusals are tried.
    const tried = WRONG.filter((who) => entry.rule.wrong[who] !== "allowed" || procedure.kind !== "mutation");

    it.each(tried.map((who) => [who, show(entry.rule.wrong[who])] as const))("as %s: %s", async (who) => {
      const expected = entry.rule.wrong[who];
      const { outcome, result } = await outcomeOf(procedure, m.callers[who], entry.input(m));
      expect(outcome).toEqual(expected);
      if (outcome === "allowed") entry.seesOnlyOwn?.(result, who, m);
    });

    if (entry.rule.notYoursIsNotFound) {
      it("answers 'not yours' exactly as 'not found' (a missing row)", async () => {
        const missing = entry.missing?.(m);
        const rightCaller = await entry.right.as(m);
        const asRight = await outcomeOf(procedure, rightCaller, missing);
        expect(asRight.outcome, "the right caller naming a missing row").not.toBe("allowed");
        for (const who of tried) {
          if (who === "anonymous") continue;
          const notYours = await outcomeOf(procedure, m.callers[who], entry.input(m));
          const notFound = await outcomeOf(procedure, m.callers[who], missing);
          // Refused by the builder before any row is read (onboarding, an unconfirmed address): reveals nothing.
          if (sameOutcome(notYours.outcome, FINISH_ONBOARDING) || sameOutcome(notYours.outcome, CONFIRM_EMAIL)) continue;
          expect(notYours.outcome, `${who}: not yours vs not found`).toEqual(notFound.outcome);
          expect(notYours.outcome, `${who}: not yours vs the owner's not found`).toEqual(asRight.outcome);
        }
      });
    }
  },
);

// Last: some right calls change the fixture (an accept, a cancellation, a deletion of one's own row).
describe("the right caller gets through", () => {
  it.each(described.map((d) => [d.procedure.path, d] as const))("%s", async (_path, { procedure, entry }) => {
    const caller = await entry.right.as(m);
    const input = (entry.right.input ?? entry.input)(m);
    const { outcome } = await outcomeOf(procedure, caller, input);
    expect(show(outcome)).toBe("let through");
  });
});

// Issue 35, item 9 (docs/decisions/059): an employer who hid their profile is not learnt through the
// worker they reviewed or employed, by anyone but the two of them.
describe("a hidden employer, through a worker's reviews and work history", () => {
  it("names neither the employer nor their job to a visitor or another member", async () => {
    const employer = await createEmployer(t.db, { fullName: "Hilda Hidden", privacyProfileVisible: false });
    const worker = await createWorker(t.db);
    const job = await createJob(t.db, employer.id, { status: "completed", startDate: dateFromToday(-2) });
    await createApplication(t.db, job.id, worker.id, { status: "accepted" });
    await createRating(t.db, { jobId: job.id, fromUserId: employer.id, toUserId: worker.id });
    for (const viewer of [null, m.callers["worker stranger"], m.callers["employer stranger"]]) {
      const caller = t.callerAs(viewer);
      const answers = JSON.stringify([
        await caller.ratings.forUser({ userId: worker.id }),
        await caller.workHistory.forUser({ userId: worker.id }),
      ]);
      for (const secret of [employer.id, "Hilda Hidden", job.id]) expect(answers).not.toContain(secret);
    }
  });
});

// docs/decisions/070: only what the reporter can see may be reported, and never their own item; what
// they cannot see reads exactly like an item that does not exist.
describe("reports of items the caller cannot see, or wrote", () => {
  const tryReport = (as: string | null, subject: unknown) =>
    outcomeOf(procedureAt("reports.create"), as, { subject, reason: "other" });

  it("refuses a message of a chat the caller is not in as a missing message", async () => {
    const notIn = await tryReport(m.workerStranger.id, { type: "message", id: m.messageId });
    const missing = await tryReport(m.workerStranger.id, { type: "message", id: NO_SUCH_MESSAGE });
    expect(notIn.outcome).toEqual(NOT_FOUND);
    expect(notIn.outcome).toEqual(missing.outcome);
  });

  it("refuses a hidden profile as a missing one, to everyone but its owner", async () => {
    const hidden = await tryReport(m.workerStranger.id, { type: "profile", id: m.hidden.id });
    const missing = await tryReport(m.workerStranger.id, { type: "profile", id: NO_SUCH_USER });
    expect(hidden.outcome).toEqual(NOT_FOUND);
    expect(hidden.outcome).toEqual(missing.outcome);
  });

  it("refuses the caller's own job, profile and message", async () => {
    const own: Refused = { code: "BAD_REQUEST", key: ERR.reportOwnItem };
    expect((await tryReport(m.owner.id, { type: "job", id: m.job.id })).outcome).toEqual(own);
    expect((await tryReport(m.owner.id, { type: "profile", id: m.owner.id })).outcome).toEqual(own);
    expect((await tryReport(m.owner.id, { type: "message", id: m.messageId })).outcome).toEqual(own);
  });
});

/** The router's procedure at `path`. */
function procedureAt(path: string): RouterProcedure {
  const found = procedures.find((p) => p.path === path);
  if (!found) throw new Error(`no procedure ${path}`);
  return found;
}

// docs/decisions/058: an unlock link admits its own address's sign-in during a wait, and no other.
describe("the sign-in unlock link", () => {
  const signIn = (email: string, password: string, unlockToken?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password, ...(unlockToken ? { unlockToken } : {}) },
      headers: { origin: t.config.publicUrl },
    });

  it("of one address does not let another address's owner past its wait", async () => {
    const [mine, theirs] = [await signUp(t), await signUp(t)];
    for (const account of [mine, theirs]) for (let i = 0; i < 5; i++) await signIn(account.email, `wrong-${i}`);
    // My unlock mail, from the local inbox.
    await t.runBackground();
    const mails = await Promise.all((await readdir(t.mailDir)).map((file) => readFile(path.join(t.mailDir, file), "utf8")));
    const myToken = mails
      .filter((mail) => mail.includes(mine.email))
      .join("")
      .match(/unlock=([\w-]+)/)?.[1];
    expect(myToken).toBeDefined();
    expect((await signIn(theirs.email, theirs.password, myToken ?? "")).statusCode).toBe(429);
    expect((await signIn(mine.email, mine.password, myToken ?? "")).statusCode).toBe(200);
  });
});
