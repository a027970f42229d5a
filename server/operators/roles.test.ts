import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWorker } from "../../db/factories/users.ts";
import { operatorAudit, operators } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { grantRole } from "./roles.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function auditOf(subjectId: string) {
  return t.db
    .select({ operatorId: operatorAudit.operatorId, action: operatorAudit.action })
    .from(operatorAudit)
    .where(eq(operatorAudit.subjectId, subjectId))
    .orderBy(operatorAudit.at);
}

/** The first admin, as the command line makes one. */
async function firstAdmin() {
  const admin = await createWorker(t.db, { fullName: "Ada Admin" });
  const granted = await grantRole(t.db, null, { email: admin.email.toUpperCase(), role: "admin" });
  expect(granted).toEqual({ userId: admin.id, role: "admin" });
  return admin;
}

describe("operator roles (docs/decisions/071)", () => {
  it("an admin grants a colleague moderator by e-mail; the grant is audited and the colleague sees their role", async () => {
    const admin = await firstAdmin();
    const colleague = await createWorker(t.db, { fullName: "Mona Moderator" });
    expect(await t.callerAs(colleague.id).operators.myRole()).toEqual({ role: null });

    await t.callerAs(admin.id).operators.grant({ email: ` ${colleague.email} `, role: "moderator" });

    expect(await t.callerAs(colleague.id).operators.myRole()).toEqual({ role: "moderator" });
    const team = await t.callerAs(admin.id).operators.list();
    expect(team.map((o) => [o.name, o.role])).toEqual(
      expect.arrayContaining([
        ["Ada Admin", "admin"],
        ["Mona Moderator", "moderator"],
      ]),
    );
    expect(await auditOf(colleague.id)).toEqual([{ operatorId: admin.id, action: "grant_moderator" }]);
    expect(await auditOf(admin.id)).toEqual([{ operatorId: null, action: "grant_admin" }]);
  });

  it("a moderator cannot grant or revoke roles, nor list the team", async () => {
    const admin = await firstAdmin();
    const moderator = await createWorker(t.db);
    await t.callerAs(admin.id).operators.grant({ email: moderator.email, role: "moderator" });
    const as = t.callerAs(moderator.id).operators;
    const stranger = await createWorker(t.db);
    await expectRefusal(as.grant({ email: stranger.email, role: "admin" }), "FORBIDDEN", ERR.adminsOnly);
    await expectRefusal(as.grant({ email: moderator.email, role: "admin" }), "FORBIDDEN", ERR.adminsOnly);
    await expectRefusal(as.revoke({ userId: admin.id }), "FORBIDDEN", ERR.adminsOnly);
    await expectRefusal(as.list(), "FORBIDDEN", ERR.adminsOnly);
    expect(await t.callerAs(admin.id).operators.myRole()).toEqual({ role: "admin" });
  });

  it("a revoked role ends at the next call", async () => {
    const admin = await firstAdmin();
    const other = await createWorker(t.db);
    await t.callerAs(admin.id).operators.grant({ email: other.email, role: "admin" });
    await t.callerAs(other.id).operators.list();
    await t.callerAs(admin.id).operators.revoke({ userId: other.id });
    await expectRefusal(t.callerAs(other.id).operators.list(), "FORBIDDEN", ERR.adminsOnly);
    expect((await auditOf(other.id)).map((row) => row.action)).toEqual(["grant_admin", "revoke_role"]);
  });

  it("the last admin can neither be revoked nor demoted, so the console always has one", async () => {
    await t.db.delete(operators);
    const admin = await firstAdmin();
    const as = t.callerAs(admin.id).operators;
    await expectRefusal(as.revoke({ userId: admin.id }), "CONFLICT", ERR.operatorLastAdmin);
    await expectRefusal(as.grant({ email: admin.email, role: "moderator" }), "CONFLICT", ERR.operatorLastAdmin);
    const second = await createWorker(t.db);
    await as.grant({ email: second.email, role: "admin" });
    await as.revoke({ userId: admin.id });
    expect(await t.callerAs(admin.id).operators.myRole()).toEqual({ role: null });
  });

  it("an address with no account, or a role not on the list, is refused with a clear message", async () => {
    const admin = await firstAdmin();
    const as = t.callerAs(admin.id).operators;
    await expectRefusal(as.grant({ email: "nobody-here@example.com", role: "moderator" }), "NOT_FOUND", ERR.operatorNoAccount);
    const someone = await createWorker(t.db);
    await expectRefusal(as.grant({ email: someone.email, role: "owner" as "admin" }), "BAD_REQUEST", ERR.operatorRoleInvalid);
    expect(await t.callerAs(someone.id).operators.myRole()).toEqual({ role: null });
  });
});

describe("the audit log", () => {
  it("refuses updates, deletes and truncation", async () => {
    const admin = await firstAdmin();
    const [row] = await t.db.select({ id: operatorAudit.id }).from(operatorAudit).where(eq(operatorAudit.subjectId, admin.id));
    if (!row) throw new Error("no audit row");
    await expect(t.db.update(operatorAudit).set({ note: "changed" }).where(eq(operatorAudit.id, row.id))).rejects.toThrow();
    await expect(t.db.delete(operatorAudit).where(eq(operatorAudit.id, row.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate operator_audit`)).rejects.toThrow();
    expect(await auditOf(admin.id)).toHaveLength(1);
  });

  it("keeps an operator's actions after their account is deleted, under a pseudonym", async () => {
    const admin = await firstAdmin();
    const colleague = await createWorker(t.db);
    await t.callerAs(admin.id).operators.grant({ email: colleague.email, role: "admin" });
    await t.callerAs(admin.id).privacy.deleteAccount();
    const [row] = await auditOf(colleague.id);
    expect(row).toMatchObject({ action: "grant_admin", operatorId: expect.stringMatching(/^deleted:/) });
    expect(await auditOf(admin.id)).toEqual([]);
    expect(await t.db.select().from(operators).where(eq(operators.userId, admin.id))).toEqual([]);
  });

  it("lets through no other change than a pseudonym", async () => {
    const admin = await firstAdmin();
    const rename = (id: string) => t.db.update(operatorAudit).set({ subjectId: id }).where(eq(operatorAudit.subjectId, admin.id));
    await expect(rename("someone-else")).rejects.toThrow();
    await expect(
      t.db.update(operatorAudit).set({ subjectId: "deleted:x", action: "other" }).where(eq(operatorAudit.subjectId, admin.id)),
    ).rejects.toThrow();
    expect(await auditOf(admin.id)).toHaveLength(1);
  });
});
