import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createPerson, createWorker } from "../../db/factories/users.ts";
import { ERR } from "../../domain/errors.ts";
import { refusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("profiles.public", () => {
  it("shows a visible worker to anyone: name, initials, type, bio, location, member since, rating and interests", async () => {
    const worker = await createWorker(t.db, {
      fullName: "Ivan Sidorov",
      bio: "Strong and punctual",
      location: "Tver",
      phone: "+7 999 111-22-33",
      dateOfBirth: "1991-02-03",
      companyName: "Leftover Ltd",
      interests: ["Moving", "Delivery"],
    });
    const employer = await createEmployer(t.db);
    const other = await createEmployer(t.db);
    const job = await createJob(t.db, employer.id);
    await createRating(t.db, { jobId: job.id, fromUserId: employer.id, toUserId: worker.id, rating: 5 });
    const job2 = await createJob(t.db, other.id);
    await createRating(t.db, { jobId: job2.id, fromUserId: other.id, toUserId: worker.id, rating: 4 });

    const seen = await t.callerAs(null).profiles.public({ id: worker.id });
    expect(seen).toMatchObject({
      id: worker.id,
      fullName: "Ivan Sidorov",
      initials: "IS",
      userType: "worker",
      companyName: null,
      bio: "Strong and punctual",
      location: "Tver",
      email: null,
      rating: { average: 4.5, count: 2 },
      // Added together (one statement), so A to Z.
      interests: ["Delivery", "Moving"],
      isOwn: false,
      visible: true,
    });
    expect(seen.memberSince).toBeInstanceOf(Date);
    const text = JSON.stringify(seen);
    expect(text).not.toContain("999 111-22-33");
    expect(text).not.toContain("1991-02-03");
    expect(Object.keys(seen)).not.toEqual(expect.arrayContaining(["phone"]));
    expect(Object.keys(seen)).not.toEqual(expect.arrayContaining(["dateOfBirth"]));
  });

  it("shows an employer's company, no interests, and no rating as null with count 0", async () => {
    const employer = await createEmployer(t.db, { companyName: "Volga Builders", interests: ["ignored"] });
    const seen = await t.callerAs(null).profiles.public({ id: employer.id });
    expect(seen).toMatchObject({
      userType: "employer",
      companyName: "Volga Builders",
      interests: [],
      rating: { average: null, count: 0 },
    });
  });

  it("shows the e-mail only when the person chose to", async () => {
    const person = await createWorker(t.db, { email: "shown.or.not@example.com" });
    const viewer = await createWorker(t.db);
    expect((await t.callerAs(viewer.id).profiles.public({ id: person.id })).email).toBeNull();
    await t.callerAs(person.id).profiles.setPrivacy({ profileVisible: true, showEmail: true });
    expect((await t.callerAs(viewer.id).profiles.public({ id: person.id })).email).toBe("shown.or.not@example.com");
    expect((await t.callerAs(null).profiles.public({ id: person.id })).email).toBe("shown.or.not@example.com");
  });

  it("hides a hidden profile from everyone but its owner, as not found", async () => {
    const person = await createWorker(t.db);
    const viewer = await createEmployer(t.db);
    await t.callerAs(person.id).profiles.setPrivacy({ profileVisible: false, showEmail: true });
    const notFound = { code: "NOT_FOUND", key: ERR.notFound };
    expect(await refusal(t.callerAs(viewer.id).profiles.public({ id: person.id }))).toEqual(notFound);
    expect(await refusal(t.callerAs(null).profiles.public({ id: person.id }))).toEqual(notFound);
    expect(await refusal(t.callerAs(viewer.id).profiles.public({ id: "no-such-person" }))).toEqual(notFound);
    expect(await t.callerAs(person.id).profiles.public({ id: person.id })).toMatchObject({ isOwn: true, visible: false });

    await t.callerAs(person.id).profiles.setPrivacy({ profileVisible: true, showEmail: false });
    expect(await t.callerAs(viewer.id).profiles.public({ id: person.id })).toMatchObject({ visible: true, email: null });
  });

  it("has no public page before onboarding is complete, except for its owner", async () => {
    const fresh = await createPerson(t.db, { onboardingCompletedAt: null });
    expect((await refusal(t.callerAs(null).profiles.public({ id: fresh.id }))).code).toBe("NOT_FOUND");
    expect(await t.callerAs(fresh.id).profiles.public({ id: fresh.id })).toMatchObject({ isOwn: true });
  });
});

describe("privacy toggles and people search", () => {
  it("a hidden profile leaves people search and comes back when shown again", async () => {
    const person = await createWorker(t.db, { fullName: "Zinaida Quokkova" });
    const search = () => t.callerAs(null).people.search({ q: "quokkova" });
    expect((await search()).map((p) => p.id)).toEqual([person.id]);
    await t.callerAs(person.id).profiles.setPrivacy({ profileVisible: false, showEmail: false });
    expect(await search()).toEqual([]);
    await t.callerAs(person.id).profiles.setPrivacy({ profileVisible: true, showEmail: false });
    expect((await search()).map((p) => p.id)).toEqual([person.id]);
  });

  it("people search never shows e-mail or phone, whatever the toggles", async () => {
    const person = await createWorker(t.db, {
      fullName: "Platon Wombatov",
      phone: "+7 555 000-11-22",
      email: "wombat@example.com",
    });
    await t.callerAs(person.id).profiles.setPrivacy({ profileVisible: true, showEmail: true });
    const text = JSON.stringify(await t.callerAs(null).people.search({ q: "wombatov" }));
    expect(text).toContain("Platon Wombatov");
    expect(text).not.toContain("555 000-11-22");
    expect(text).not.toContain("wombat@example.com");
  });
});
