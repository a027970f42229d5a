import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";

import { createWorker } from "../../db/factories/users.ts";
import { session } from "../../db/schema/auth.ts";
import { liveSockets, operatorAudit, operators } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { chatTestbed } from "../chat/chat-test-kit.ts";
import { signUpMember, type SignedUp } from "../testing/accounts.ts";
import { refusal } from "../testing/refusal.ts";
import { TEST_ORIGIN } from "../testing/test-app.ts";
import { activeSanction, liftSanction, sanctionAccount, type SanctionInput } from "./sanctions.ts";

const bed = chatTestbed();

async function moderator() {
  const person = await createWorker(bed.t.db, { fullName: "Mona Moderator" });
  await bed.t.db.insert(operators).values({ userId: person.id, role: "moderator" });
  return { id: person.id, role: "moderator" as const };
}

function sanction(operator: SanctionInput["operator"], userId: string, kind: "restricted" | "banned", days: number | null = 7) {
  return sanctionAccount(bed.t.db, {
    operator,
    userId,
    kind,
    days,
    ground: "harassment",
    note: "Threats in private messages",
    now: new Date(),
  });
}

/** Every call that posts, applies or writes to someone, as this member (inputs are never reached). */
function participatingCalls(userId: string) {
  const as = bed.t.callerAs(userId);
  const any = {} as never;
  return {
    "jobs.create": () => as.jobs.create(any),
    "jobs.update": () => as.jobs.update(any),
    "applications.submit": () => as.applications.submit(any),
    "chat.send": () => as.chat.send(any),
    "chat.contactEmployer": () => as.chat.contactEmployer(any),
    "rehiring.invite": () => as.rehiring.invite(any),
    "rehiring.accept": () => as.rehiring.accept(any),
    "rehiring.postAgain": () => as.rehiring.postAgain(any),
  };
}

describe("a restriction (docs/decisions/073)", () => {
  it("stops posting, applying and messaging until it is lifted, and is audited", async () => {
    const mod = await moderator();
    const { accepted, conversationId } = bed.f;
    const restricted = await sanction(mod, accepted.id, "restricted");
    if (!("id" in restricted)) throw new Error("not restricted");

    for (const [name, call] of Object.entries(participatingCalls(accepted.id))) {
      expect(await refusal(call()), name).toEqual({ code: "FORBIDDEN", key: ERR.accountRestricted });
    }
    // Reading goes on: their chats and jobs stay theirs.
    await bed.t.callerAs(accepted.id).chat.history({ conversationId });

    await liftSanction(bed.t.db, { operator: mod, sanctionId: restricted.id, note: "Reversed on appeal", now: new Date() });
    const sent = await bed.t.callerAs(accepted.id).chat.send({ conversationId, content: "Back again" });
    expect(sent.id).toBeGreaterThan(0);
    const audit = await bed.t.db.select().from(operatorAudit).where(eq(operatorAudit.subjectId, accepted.id));
    expect(audit.map((row) => [row.operatorId, row.action, row.reason])).toEqual([
      [mod.id, "restrict", "harassment"],
      [mod.id, "lift_sanction", null],
    ]);
  });

  it("ends by itself when its days are over", async () => {
    const mod = await moderator();
    const person = await createWorker(bed.t.db);
    await sanction(mod, person.id, "restricted", 3);
    expect(await activeSanction(bed.t.db, person.id, new Date())).toMatchObject({ kind: "restricted" });
    expect(await activeSanction(bed.t.db, person.id, new Date(Date.now() + 3 * 86_400_000 + 1000))).toBeNull();
  });
});

describe("a ban", () => {
  it("ends every session and open socket within 2 seconds, and refuses signing in again", async () => {
    const mod = await moderator();
    const person: SignedUp = await signUpMember(bed.t, { name: "Boris Banned" });
    const socket = new WebSocket(bed.wsUrl, { headers: { cookie: person.cookie, origin: TEST_ORIGIN } });
    bed.keep(socket);
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    // Watched once it holds its place (server/session/socket-places.ts).
    await expect
      .poll(async () => (await bed.t.db.select().from(liveSockets).where(eq(liveSockets.userId, person.id))).length)
      .toBe(1);

    const bannedAt = Date.now();
    await sanction(mod, person.id, "banned", null);
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("socket still open after 2 s")), 2000));
    await Promise.race([closed, timeout]);
    expect(Date.now() - bannedAt).toBeLessThan(2000);
    expect(await bed.t.db.select().from(session).where(eq(session.userId, person.id))).toEqual([]);

    const signIn = await bed.t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN },
      payload: { email: person.email, password: person.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: ERR.accountBanned });
  });
});

describe("who may sanction whom", () => {
  it("nobody sanctions themselves; a moderator never sanctions an operator; an admin may sanction a moderator", async () => {
    const mod = await moderator();
    const other = await moderator();
    expect(await sanction(mod, mod.id, "restricted")).toEqual({ ok: false, reason: "operator_self" });
    expect(await sanction(mod, other.id, "banned")).toEqual({ ok: false, reason: "operator_protected" });
    const admin = await createWorker(bed.t.db);
    await bed.t.db.insert(operators).values({ userId: admin.id, role: "admin" });
    expect(await sanction(mod, admin.id, "restricted")).toEqual({ ok: false, reason: "operator_protected" });
    expect(await sanction({ id: admin.id, role: "admin" }, other.id, "restricted")).toMatchObject({ id: expect.any(String) });
    expect(await activeSanction(bed.t.db, mod.id, new Date())).toBeNull();
  });

  it("an account that does not exist is not found", async () => {
    const mod = await moderator();
    expect(await sanction(mod, "no-such-person", "restricted")).toEqual({ ok: false, reason: "not_found" });
  });
});
