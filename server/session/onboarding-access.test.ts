import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { ERR } from "../../domain/errors.ts";
import { pdfBytes, PNG_BYTES, uploadCertificate } from "../certificates/testing/upload.ts";
import { uploadImage } from "../chat/chat-test-kit.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { signUp, type SignedUp } from "../testing/accounts.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// docs/product.md, Accounts and onboarding: an account that has not finished onboarding keeps its own
// data and rights, and takes no part in the marketplace until it has.
let t: TestApp;
let pending: SignedUp;
let caller: Awaited<ReturnType<TestApp["callerWithHeaders"]>>;
let job: { id: string };
let conversationId: string;
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp();
  pending = await signUp(t, { name: "Petra Pending" });
  caller = await t.callerWithHeaders({ cookie: pending.cookie });
  const employer = await createEmployer(t.db);
  job = await createJob(t.db, employer.id);
  // Rows that would let a member act: a job of theirs with an application, a chat they are in.
  const own = await createJob(t.db, pending.id);
  applicationId = (await createApplication(t.db, own.id, (await createWorker(t.db)).id)).id;
  conversationId = await t.db.transaction((tx) => joinGroupChat(tx, job.id, [employer.id, pending.id]));
});
afterAll(() => t.close());

const jobForm = {
  title: "Loader for a day",
  description: "Help unload a truck of furniture.",
  category: "moving",
  cityId: CITY.kazan,
  startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  durationDays: 1,
  timeZone: "Europe/Moscow",
} as const;

describe("before onboarding is complete", () => {
  it("refuses every marketplace action with 'Finish setting up your profile first'", async () => {
    const refused = {
      "jobs.create": () => caller.jobs.create({ ...jobForm, language: "en" }),
      "jobs.update": () => caller.jobs.update({ ...jobForm, jobId: job.id }),
      "jobs.changeStatus": () => caller.jobs.changeStatus({ jobId: job.id, action: "start" }),
      "applications.submit": () => caller.applications.submit({ jobId: job.id }),
      "applications.accept": () => caller.applications.accept({ applicationId }),
      "applications.reject": () => caller.applications.reject({ applicationId }),
      "ratings.submit": () => caller.ratings.submit({ jobId: job.id, toUserId: pending.id, rating: 5 }),
      "chat.send": () => caller.chat.send({ conversationId, content: "hello" }),
      "chat.contactEmployer": () => caller.chat.contactEmployer({ jobId: job.id, content: "hello" }),
    };
    for (const [name, call] of Object.entries(refused)) {
      await expectRefusal(call(), "FORBIDDEN", ERR.onboardingRequired).catch((error: unknown) => {
        throw new Error(`${name}: ${String(error)}`);
      });
    }
    const image = await uploadImage(t, {
      cookie: pending.cookie,
      conversationId,
      file: { data: PNG_BYTES, name: "a.png", type: "image/png" },
    });
    expect(image).toMatchObject({ status: 403, body: { code: ERR.onboardingRequired } });
  });

  it("keeps the person's own data, certificates and privacy rights within reach", async () => {
    expect((await caller.profiles.me())?.profile?.onboardingCompletedAt).toBeNull();
    await expect(caller.privacy.status()).resolves.toMatchObject({ consentDataProcessing: true });
    await expect(caller.privacy.export()).resolves.toMatchObject({ user_id: pending.id });
    await expect(caller.profiles.setPrivacy({ profileVisible: false, showEmail: false })).resolves.toEqual({
      profileVisible: false,
      showEmail: false,
    });
    // Onboarding's last step offers the certificate upload.
    const upload = await uploadCertificate(
      t,
      { name: "first-aid.pdf", type: "application/pdf", data: pdfBytes() },
      { cookie: pending.cookie },
    );
    expect(upload.statusCode).toBe(201);
    expect(await caller.certificates.list()).toHaveLength(1);
  });

  it("opens the marketplace once onboarding is complete", async () => {
    await caller.profiles.completeOnboarding({ userType: "worker", fullName: "Petra Pending" });
    await expect(caller.applications.submit({ jobId: job.id })).resolves.toMatchObject({ status: "pending" });
    await expect(caller.chat.send({ conversationId, content: "hello" })).resolves.toMatchObject({ conversationId });
  });

  it("can still delete the account without finishing onboarding", async () => {
    const quitter = await signUp(t, { name: "Quentin Quits" });
    const own = await t.callerWithHeaders({ cookie: quitter.cookie });
    await expect(own.privacy.deleteAccount()).resolves.toEqual({ deleted: true });
    expect(
      await t
        .callerAs(null)
        .profiles.public({ id: quitter.id })
        .catch(() => null),
    ).toBeNull();
  });
});
