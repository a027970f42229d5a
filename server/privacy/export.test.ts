import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { account, dataProcessingLogs, session } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import type { PersonalDataExport } from "./export-data.ts";
import { accountScene, type AccountScene } from "./testing/account-scene.ts";
import { countWhere, userReferences } from "./testing/user-references.ts";

let t: TestApp;
let scene: AccountScene;
let exported: PersonalDataExport;
beforeAll(async () => {
  t = await createTestApp();
  scene = await accountScene(t);
  exported = await (await t.callerWithHeaders({ cookie: scene.subject.cookie })).privacy.export();
});
afterAll(() => t.close());

/** Where each column that can name a person is answered in the export. */
const SECTION_OF: Record<string, (e: PersonalDataExport) => unknown[]> = {
  "user.id": (e) => (e.account ? [e.account] : []),
  "profiles.id": (e) => (e.profile ? [e.profile] : []),
  "session.user_id": (e) => e.sessions,
  "account.user_id": (e) => e.sign_in_methods,
  "jobs.employer_id": (e) => e.jobs,
  "job_applications.worker_id": (e) => e.applications,
  "certificates.user_id": (e) => e.certificates,
  "user_interests.user_id": (e) => e.interests,
  "ratings.from_user_id": (e) => e.ratings.given,
  "ratings.to_user_id": (e) => e.ratings.received,
  "rating_summaries.user_id": (e) => e.ratings.summary,
  "reliability_events.user_id": (e) => e.reliability,
  "favourite_workers.employer_id": (e) => e.rehiring.favourite_workers,
  "favourite_workers.worker_id": (e) => e.rehiring.favourited_by,
  "employer_follows.follower_id": (e) => e.rehiring.following,
  "employer_follows.employer_id": (e) => e.rehiring.followers,
  "job_invitations.worker_id": (e) => e.rehiring.invitations,
  "person_blocks.blocker_id": (e) => e.blocks,
  "conversation_participants.user_id": (e) => e.conversations,
  "chat_messages.sender_id": (e) => e.messages,
  "notifications.user_id": (e) => e.notifications,
  "saved_searches.user_id": (e) => e.saved_searches,
  "push_subscriptions.user_id": (e) => e.push_subscriptions,
  "consent_history.user_id": (e) => e.consent_history,
  "data_processing_logs.user_id": (e) => e.data_processing_logs,
  "rate_limits.user_id": (e) => e.rate_limits,
  "live_sockets.user_id": (e) => e.live_sockets,
  "idempotent_requests.user_id": (e) => e.idempotent_requests,
  "operators.user_id": (e) => e.operator.role,
  "operators.granted_by": (e) => e.operator.roles_granted,
  "account_sanctions.user_id": (e) => e.sanctions,
  "account_sanctions.decided_by": (e) => e.operator.sanctions_decided,
  "account_sanctions.lifted_by": (e) => e.operator.sanctions_lifted,
  "reports.reporter_id": (e) => e.reports.sent,
  "reports.subject_user_id": (e) => e.reports.about_you,
  "job_holds.decided_by": (e) => e.operator.holds_decided,
  "moderation_decisions.affected_user_id": (e) => e.moderation.decisions,
  "moderation_decisions.decided_by": (e) => e.operator.decisions_taken,
  "appeals.appellant_id": (e) => e.moderation.appeals,
  "appeals.answered_by": (e) => e.operator.appeals_answered,
  "ledger_parties.user_id": (e) => e.ledger.party,
  "payout_methods.user_id": (e) => e.payouts.methods,
  "payout_profiles.user_id": (e) => e.payouts.settings,
};

/**
 * Columns left out of the export: those that name only the anonymous stand-in of a deleted account
 * (docs/decisions/050), never a living person, and others' blocks of the person, which are the others'
 * data and never told to the person (docs/decisions/068).
 */
const NOT_EXPORTED = new Set(["deleted_accounts.stand_in_id", "person_blocks.blocked_id"]);

describe("privacy.export", () => {
  it("holds every row about the person, for every table that can name a person (found from the schema)", async () => {
    const references = userReferences().filter((r) => !NOT_EXPORTED.has(`${r.table}.${r.column}`));
    // A table added later that names a person fails here until the export answers it.
    expect(references.map((r) => `${r.table}.${r.column}`).sort()).toEqual(Object.keys(SECTION_OF).sort());
    for (const ref of references) {
      const section = SECTION_OF[`${ref.table}.${ref.column}`];
      const expected = await countWhere(t.db, ref, scene.subject.id);
      expect.soft(section?.(exported), `${ref.table}.${ref.column}`).toHaveLength(expected);
      expect(expected, `${ref.table}.${ref.column} has rows in the scene`).toBeGreaterThan(0);
    }
  });

  it("answers the identity, profile and the person's own content in full", () => {
    expect(exported).toMatchObject({ user_id: scene.subject.id, email: scene.subject.email });
    expect(new Date(exported.exported_at).toString()).not.toBe("Invalid Date");
    expect(exported.profile).toMatchObject({
      id: scene.subject.id,
      full_name: scene.subject.fullName,
      phone: scene.subject.phone,
      bio: "SUBJECT-BIO",
    });
    expect(exported.messages.map((m) => m.content).sort()).toEqual([
      "SUBJECT-MSG direct question",
      "SUBJECT-MSG in employer chat",
      "SUBJECT-MSG in own job chat",
    ]);
    expect(exported.messages.find((m) => m.content === "SUBJECT-MSG in employer chat")?.image_path).toMatch(/^chat-images\//);
    expect(exported.applications.map((a) => a.message)).toContain("SUBJECT-APPLICATION-NOTE");
    expect(exported.applications.map((a) => a.job_title).sort()).toEqual(["EVE-JOB warehouse", "EVE-JOB2 moving"]);
    expect(exported.jobs.map((j) => j.title)).toEqual(["SUBJECT-JOB garden work"]);
    expect(exported.job_views.map((v) => v.job_id)).toEqual([scene.jobs.subjectJob.id]);
    expect(exported.shifts.attendance).toMatchObject([{ presence: "present", shift_date: scene.jobs.employerJob.startDate }]);
    expect(exported.shifts.timesheets).toMatchObject([{ minutes: 480, status: "approved" }]);
    expect(exported.shifts.timesheet_history.map((e) => e.reason)).toEqual(["SUBJECT-SHIFT approved"]);
    expect(JSON.stringify(exported)).not.toContain("WALT-SHIFT");
    expect(exported.reliability).toMatchObject([{ kind: "no_show", reply: "SUBJECT-STRIKE reply" }]);
    expect(JSON.stringify(exported)).not.toContain("WALT-STRIKE");
    expect(exported.certificates.map((c) => c.file_name).sort()).toEqual([
      "SUBJECT-CERT-first-aid.pdf",
      "SUBJECT-CERT-forklift.pdf",
    ]);
    expect(exported.interests.map((i) => i.interest).sort()).toEqual(["SUBJECT-INTEREST-gardening", "SUBJECT-INTEREST-moving"]);
    expect(exported.ratings.given.map((r) => r.comment).sort()).toEqual(["SUBJECT-RATES-EVE", "SUBJECT-RATES-WALT"]);
    expect(exported.ratings.received.map((r) => r.comment)).toEqual(["EVE-RATES-SUBJECT"]);
    expect(exported.conversations.map((c) => c.kind).sort()).toEqual(["direct", "group", "group"]);
    expect(exported.consent_history.map((c) => c.consent_type).sort()).toEqual(["data_processing", "terms"]);
    expect(exported.sessions).toHaveLength(2);
    // Devices with push on: the push service and date, never the endpoint or keys (capabilities).
    expect(exported.push_subscriptions.map((d) => d.push_service).sort()).toEqual([
      "fcm.googleapis.com",
      "updates.push.services.mozilla.com",
    ]);
    expect(JSON.stringify(exported)).not.toContain("PUSH-");
  });

  it("holds the person's payouts: methods by label only, the ИНН and its status, each payout (docs/decisions/081)", () => {
    expect(exported.payouts.methods).toEqual([
      expect.objectContaining({ kind: "card_token", label: "Visa •••• 4242", is_default: true }),
    ]);
    expect(JSON.stringify(exported.payouts.methods)).not.toContain("pt-");
    expect(exported.payouts.settings).toEqual([
      expect.objectContaining({ inn: "500100732259", tax_status: "self_employed", auto_payout: false }),
    ]);
    expect(exported.payouts.payouts).toEqual([
      expect.objectContaining({ id: scene.ledger.payoutId, currency: "RUB", amount_minor: "400000", status: "pending" }),
    ]);
  });

  it("holds the person's money: their ledger party and whole statement, not the other worker's (docs/decisions/076)", () => {
    expect(exported.ledger.party).toEqual([
      expect.objectContaining({
        id: scene.ledger.subjectPartyId,
        kind: "worker",
        label: expect.stringMatching(/^worker [0-9A-F]{8}$/),
      }),
    ]);
    expect(exported.ledger.statement.map((p) => [p.cause, p.account, p.amount_minor])).toEqual(
      expect.arrayContaining([
        ["hold_authorised", "hold_secured", "-400000"],
        ["timesheet_agreed", "worker_payable", "-400000"],
        ["payout_requested", "worker_payable", "400000"],
        ["payout_requested", "payouts_in_transit", "-400000"],
      ]),
    );
    expect(exported.ledger.statement).toHaveLength(4);
    expect(exported.ledger.statement.every((p) => !("created_by" in p))).toBe(true);
  });

  it("lists the person's own blocks, never that someone blocked them (docs/decisions/068)", () => {
    expect(exported.blocks).toEqual([{ created_at: expect.any(String) }]);
    expect(JSON.stringify(exported)).not.toMatch(/blocked/i);
  });

  it("logs the export in the same transaction and includes that log", async () => {
    const logs = await t.db
      .select()
      .from(dataProcessingLogs)
      .where(and(eq(dataProcessingLogs.userId, scene.subject.id), eq(dataProcessingLogs.action, "export")));
    expect(logs).toHaveLength(1);
    expect(exported.data_processing_logs).toEqual([expect.objectContaining({ id: logs[0]?.id, action: "export" })]);
  });

  it("holds nothing about anyone else, and no secrets", async () => {
    const text = JSON.stringify(exported);
    for (const other of [scene.employer, scene.worker]) {
      expect(text).not.toContain(other.email);
      expect(text).not.toContain(other.phone ?? "none");
      expect(text).not.toContain(other.fullName);
    }
    for (const marker of ["WALT-MSG", "EVE-MSG", "WALT-RATES-EVE", "WALT-CERT", scene.worker.id, scene.employer.id]) {
      expect(text).not.toContain(marker);
    }
    const [credential] = await t.db.select().from(account).where(eq(account.userId, scene.subject.id));
    expect(text).not.toContain(credential?.password ?? "no password");
    for (const s of await t.db.select().from(session).where(eq(session.userId, scene.subject.id)))
      expect(text).not.toContain(s.token);
  });

  it("comes over HTTP as one JSON document the browser can save", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/trpc/privacy.export",
      headers: { cookie: scene.subject.cookie, "content-type": "application/json", origin: t.config.publicUrl },
      payload: "{}",
    });
    expect(res.statusCode).toBe(200);
    const document = (res.json() as { result: { data: { json: PersonalDataExport } } }).result.data.json;
    expect(document).toMatchObject({ user_id: scene.subject.id, email: scene.subject.email });
    expect(document.messages).toHaveLength(3);
    expect(document.data_processing_logs).toHaveLength(2);
  });

  it("is the caller's own only, and not for visitors", async () => {
    const workerExport = await t.callerAs(scene.worker.id).privacy.export();
    expect(workerExport.user_id).toBe(scene.worker.id);
    expect(JSON.stringify(workerExport)).not.toContain(scene.subject.email);
    expect(JSON.stringify(workerExport)).not.toContain("SUBJECT-MSG");
    await expect(t.callerAs(null).privacy.export()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
