// People of the fault suite: written into the deployment's database as the factories write them, with a
// password as better-auth hashes it, then signed in over HTTP like anyone else (a real session cookie).
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";

import type { Database } from "../db/database.ts";
import { createApplication, createJob } from "../db/factories/jobs.ts";
import { createPerson, type NewPerson } from "../db/factories/users.ts";
import { account } from "../db/schema/index.ts";
import { joinGroupChat } from "../server/chat/group-membership.ts";
import { cookieHeader } from "../server/testing/accounts.ts";
import { browserHeaders } from "./calls.ts";

export type Person = { id: string; email: string; password: string; cookie: string };

const PASSWORD = "fault-suite-1";

/** A person with a completed profile and a confirmed address, signed in through `base` (an instance). */
export async function signedInPerson(db: Database, base: string, input: NewPerson = {}): Promise<Person> {
  const person = await createPerson(db, input);
  await db.insert(account).values({
    id: randomUUID(),
    accountId: person.id,
    providerId: "credential",
    userId: person.id,
    password: await hashPassword(PASSWORD),
  });
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { ...browserHeaders(), "content-type": "application/json" },
    body: JSON.stringify({ email: person.email, password: PASSWORD }),
    signal: AbortSignal.timeout(20_000),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { id: person.id, email: person.email, password: PASSWORD, cookie: cookieHeader(res.headers.getSetCookie()) };
}

/** A job whose owner hired one worker, both in its group chat and signed in. */
export async function jobWithChat(db: Database, base: string) {
  const owner = await signedInPerson(db, base, { userType: "employer", companyName: "Fault Suite Ltd", fullName: "Olga Owner" });
  const worker = await signedInPerson(db, base, { userType: "worker", fullName: "Anton Worker" });
  const job = await createJob(db, owner.id, { title: "Garden cleanup" });
  await createApplication(db, job.id, worker.id, { status: "accepted" });
  const conversationId = await db.transaction((tx) => joinGroupChat(tx, job.id, [owner.id, worker.id]));
  return { owner, worker, job, conversationId };
}

/** A fresh idempotency key, as the chat composer makes one per message (src/components/chat/message-key.ts). */
export const messageKey = () => randomUUID().replaceAll("-", "");
