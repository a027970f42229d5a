import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { profiles, userInterests } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { refusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = {
  userType: "worker" as const,
  fullName: "Anna Petrova",
  dateOfBirth: "1990-04-12",
  bio: "Careful and quick.",
  location: "Kazan",
  phone: "+7 900 000-00-00",
  companyName: "",
  currency: "EUR" as const,
};

async function profileOf(id: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

describe("profiles.update", () => {
  it("saves the settings form and answers the saved profile", async () => {
    const person = await createWorker(t.db);
    const saved = await t.callerAs(person.id).profiles.update({ ...form, fullName: "  Anna Petrova  " });
    expect(saved).toMatchObject({
      fullName: "Anna Petrova",
      dateOfBirth: "1990-04-12",
      location: "Kazan",
      currency: "EUR",
      bio: "Careful and quick.",
    });
    expect(await profileOf(person.id)).toMatchObject({ fullName: "Anna Petrova", phone: "+7 900 000-00-00", currency: "EUR" });
  });

  it("lets the type change, keeps a company name for employers only and clears emptied fields", async () => {
    const person = await createWorker(t.db, { bio: "old bio" });
    const caller = t.callerAs(person.id);
    const asEmployer = await caller.profiles.update({ ...form, userType: "employer", companyName: "Volga Builders", bio: "" });
    expect(asEmployer).toMatchObject({ userType: "employer", companyName: "Volga Builders", bio: null });
    const asWorker = await caller.profiles.update({ ...form, userType: "worker", companyName: "Still a company" });
    expect(asWorker).toMatchObject({ userType: "worker", companyName: null });
  });

  it.each([
    ["a blank full name", { fullName: "   " }, ERR.fullNameRequired],
    ["a full name over 100", { fullName: "n".repeat(101) }, ERR.fullNameTooLong],
    ["a bio over 500", { bio: "b".repeat(501) }, ERR.bioTooLong],
    ["a location over 100", { location: "l".repeat(101) }, ERR.locationTooLong],
    ["a phone over 20", { phone: "1".repeat(21) }, ERR.phoneTooLong],
    ["a company name over 100", { userType: "employer", companyName: "c".repeat(101) }, ERR.companyNameTooLong],
    ["someone under 18", { dateOfBirth: `${new Date().getFullYear() - 17}-01-01` }, ERR.minAge],
    ["a date of birth in the future", { dateOfBirth: `${new Date().getFullYear() + 1}-01-01` }, ERR.dateOfBirthInvalid],
    ["a malformed date of birth", { dateOfBirth: "12/04/1990" }, ERR.dateOfBirthInvalid],
    ["a currency outside the list", { currency: "BTC" }, ERR.currencyInvalid],
    ["a missing type", { userType: undefined }, ERR.userTypeRequired],
  ])("refuses %s with its message and changes nothing", async (_name, change, key) => {
    const person = await createWorker(t.db, { fullName: "Unchanged Name", bio: "kept" });
    const before = await profileOf(person.id);
    const result = await refusal(t.callerAs(person.id).profiles.update({ ...form, ...change } as typeof form));
    expect(result).toEqual({ code: "BAD_REQUEST", key });
    expect(await profileOf(person.id)).toEqual(before);
  });

  it("accepts exactly the limits and every preferred currency", async () => {
    const person = await createEmployer(t.db);
    const caller = t.callerAs(person.id);
    const edge = {
      ...form,
      userType: "employer" as const,
      fullName: "n".repeat(100),
      bio: "b".repeat(500),
      location: "l".repeat(100),
      phone: "1".repeat(20),
      companyName: "c".repeat(100),
    };
    await expect(caller.profiles.update(edge)).resolves.toMatchObject({ companyName: "c".repeat(100) });
    for (const currency of ["USD", "EUR", "GBP", "JPY", "AUD", "CAD", "CHF", "CNY", "INR", "RUB", "KZT"] as const) {
      await expect(caller.profiles.update({ ...form, currency })).resolves.toMatchObject({ currency });
    }
  });

  it("is for signed-in people only", async () => {
    expect(await refusal(t.callerAs(null).profiles.update(form))).toEqual({ code: "UNAUTHORIZED", key: ERR.unauthorized });
  });
});

describe("notification and privacy settings", () => {
  it("starts from the defaults and saves both toggles of each", async () => {
    const person = await createWorker(t.db);
    const caller = t.callerAs(person.id);
    expect(await caller.privacy.status()).toMatchObject({
      notificationEmail: true,
      notificationPush: true,
      profileVisible: true,
      showEmail: false,
    });
    expect(await caller.profiles.setNotifications({ email: false, push: true })).toEqual({ email: false, push: true });
    expect(await caller.profiles.setPrivacy({ profileVisible: false, showEmail: true })).toEqual({
      profileVisible: false,
      showEmail: true,
    });
    expect(await profileOf(person.id)).toMatchObject({
      notificationEmail: false,
      notificationPush: true,
      privacyProfileVisible: false,
      privacyShowEmail: true,
    });
  });

  it("refuses anything but booleans, and visitors", async () => {
    const person = await createWorker(t.db);
    const caller = t.callerAs(person.id);
    expect((await refusal(caller.profiles.setNotifications({ email: "yes", push: true } as never))).code).toBe("BAD_REQUEST");
    expect((await refusal(caller.profiles.setPrivacy({ profileVisible: true } as never))).code).toBe("BAD_REQUEST");
    expect((await refusal(t.callerAs(null).profiles.setPrivacy({ profileVisible: true, showEmail: true }))).code).toBe(
      "UNAUTHORIZED",
    );
    expect(await profileOf(person.id)).toMatchObject({ notificationEmail: true, privacyProfileVisible: true });
  });

  it("privacy.status reports consent and terms with their dates", async () => {
    const person = await createWorker(t.db);
    const status = await t.callerAs(person.id).privacy.status();
    expect(status).toMatchObject({ consentDataProcessing: true, termsAccepted: true });
    expect(status.consentDate).toBeInstanceOf(Date);
    expect(status.termsAcceptedDate).toBeInstanceOf(Date);
  });
});

describe("interests", () => {
  it("adds, lists and removes a worker's interests; a leading # is dropped", async () => {
    const worker = await createWorker(t.db);
    const caller = t.callerAs(worker.id);
    const added = await caller.profiles.addInterest({ interest: "  #Gardening " });
    expect(added).toMatchObject({ interest: "Gardening", added: true });
    await caller.profiles.addInterest({ interest: "Moving" });
    expect((await caller.profiles.interests()).map((i) => i.interest)).toEqual(["Gardening", "Moving"]);
    expect(await caller.profiles.removeInterest({ id: added.id })).toEqual({ id: added.id });
    expect((await caller.profiles.interests()).map((i) => i.interest)).toEqual(["Moving"]);
  });

  it("ignores a duplicate in any case and answers the existing interest", async () => {
    const worker = await createWorker(t.db);
    const caller = t.callerAs(worker.id);
    const first = await caller.profiles.addInterest({ interest: "Cleaning" });
    const again = await caller.profiles.addInterest({ interest: "cLEANING" });
    expect(again).toEqual({ id: first.id, interest: "Cleaning", added: false });
    expect(await t.db.$count(userInterests, eq(userInterests.userId, worker.id))).toBe(1);
  });

  it("refuses an interest over 50 characters, an empty one, employers, and a 51st interest", async () => {
    const worker = await createWorker(t.db);
    const caller = t.callerAs(worker.id);
    expect(await refusal(caller.profiles.addInterest({ interest: "x".repeat(51) }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.interestTooLong,
    });
    expect(await refusal(caller.profiles.addInterest({ interest: " # " }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.interestRequired,
    });
    await expect(caller.profiles.addInterest({ interest: "y".repeat(50) })).resolves.toMatchObject({ added: true });

    const employer = await createEmployer(t.db);
    expect(await refusal(t.callerAs(employer.id).profiles.addInterest({ interest: "Hiring" }))).toEqual({
      code: "FORBIDDEN",
      key: ERR.interestsWorkersOnly,
    });

    await t.db
      .insert(userInterests)
      .values(Array.from({ length: 49 }, (_, i) => ({ userId: worker.id, interest: `topic ${i}` })));
    expect(await refusal(caller.profiles.addInterest({ interest: "one too many" }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.interestLimit,
    });
    expect(await t.db.$count(userInterests, eq(userInterests.userId, worker.id))).toBe(50);
  });

  it("removes only one's own: another person's interest or a made-up id is not found", async () => {
    const owner = await createWorker(t.db, { interests: ["Painting"] });
    const [theirs] = await t.callerAs(owner.id).profiles.interests();
    const stranger = await createWorker(t.db);
    const id = theirs?.id ?? "";
    expect(await refusal(t.callerAs(stranger.id).profiles.removeInterest({ id }))).toEqual({
      code: "NOT_FOUND",
      key: ERR.notFound,
    });
    expect(
      await refusal(t.callerAs(stranger.id).profiles.removeInterest({ id: "00000000-0000-4000-8000-000000000000" })),
    ).toEqual({
      code: "NOT_FOUND",
      key: ERR.notFound,
    });
    expect((await refusal(t.callerAs(stranger.id).profiles.removeInterest({ id: "not-a-uuid" }))).key).toBe(ERR.notFound);
    expect(await t.callerAs(owner.id).profiles.interests()).toHaveLength(1);
  });
});

describe("profiles.setLocale", () => {
  it("keeps the person's language and time zone; a zone the database does not know is kept as none", async () => {
    const person = await createWorker(t.db);
    const me = t.callerAs(person.id);
    expect(await me.profiles.setLocale({ language: "kk", timeZone: "Asia/Almaty" })).toEqual({
      language: "kk",
      timeZone: "Asia/Almaty",
    });
    expect(await profileOf(person.id)).toMatchObject({ language: "kk", timeZone: "Asia/Almaty" });
    expect(await me.profiles.setLocale({ language: "ar", timeZone: "Mars/Olympus_Mons" })).toEqual({
      language: "ar",
      timeZone: null,
    });
  });

  it("refuses a language we do not speak and a malformed zone, changing nothing", async () => {
    const person = await createWorker(t.db);
    const me = t.callerAs(person.id);
    await expect(me.profiles.setLocale({ language: "xx" as "en", timeZone: null })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(me.profiles.setLocale({ language: "en", timeZone: "Europe/Berlin'; drop" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await profileOf(person.id)).toMatchObject({ timeZone: null });
  });
});
