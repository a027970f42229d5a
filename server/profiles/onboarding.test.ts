import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { profiles, userInterests } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { signUp } from "../testing/accounts.ts";
import { refusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = { userType: "worker" as const, fullName: "Ivan Petrov", dateOfBirth: "1990-05-01", interests: [] };

/** Someone who has just signed up, with a caller carrying their session cookie. */
async function newcomer() {
  const account = await signUp(t);
  return { account, caller: await t.callerWithHeaders({ cookie: account.cookie }) };
}

async function profileOf(id: string) {
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, id));
  return profile;
}

describe("completeOnboarding", () => {
  it("refuses anonymous callers over HTTP with UNAUTHORIZED", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/trpc/profiles.completeOnboarding",
      payload: { json: valid },
      headers: { origin: t.config.publicUrl },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { json: { data: { code: "UNAUTHORIZED", messageKey: ERR.unauthorized } } } });
  });

  it.each([
    ["no user type", { userType: undefined }, ERR.userTypeRequired],
    ["blank name", { fullName: "  " }, ERR.fullNameRequired],
    ["long name", { fullName: "x".repeat(101) }, ERR.fullNameTooLong],
    ["under 18", { dateOfBirth: new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10) }, ERR.minAge],
    ["date in the future", { dateOfBirth: "2999-01-01" }, ERR.dateOfBirthInvalid],
    ["not a date", { dateOfBirth: "yesterday" }, ERR.dateOfBirthInvalid],
    ["long bio", { bio: "b".repeat(501) }, ERR.bioTooLong],
    ["long location", { location: "l".repeat(101) }, ERR.locationTooLong],
    ["long phone", { phone: "1".repeat(21) }, ERR.phoneTooLong],
    ["long company", { companyName: "c".repeat(101) }, ERR.companyNameTooLong],
    ["long interest", { interests: ["i".repeat(51)] }, ERR.interestTooLong],
  ])("refuses %s with its message", async (_name, change, key) => {
    const { account, caller } = await newcomer();
    expect((await refusal(caller.profiles.completeOnboarding({ ...valid, ...change } as typeof valid))).key).toBe(key);
    const profile = await profileOf(account.id);
    expect(profile?.onboardingCompletedAt).toBeNull();
  });

  it("saves a worker's details and interests, ignoring duplicates and a company name", async () => {
    const { account, caller } = await newcomer();
    await caller.profiles.completeOnboarding({
      ...valid,
      bio: "  Student, weekends free ",
      location: "Kazan",
      phone: "",
      companyName: "Should not stay",
      interests: ["#moving", "Moving", "warehouse"],
    });
    const profile = await profileOf(account.id);
    expect(profile).toMatchObject({
      userType: "worker",
      fullName: "Ivan Petrov",
      bio: "Student, weekends free",
      location: "Kazan",
      phone: null,
      companyName: null,
      dateOfBirth: "1990-05-01",
    });
    expect(profile?.onboardingCompletedAt).toBeInstanceOf(Date);
    const interests = await t.db.select().from(userInterests).where(eq(userInterests.userId, account.id));
    expect(interests.map((i) => i.interest).sort()).toEqual(["moving", "warehouse"]);
  });

  it("keeps an employer's company and drops interests", async () => {
    const { account, caller } = await newcomer();
    await caller.profiles.completeOnboarding({
      ...valid,
      userType: "employer",
      companyName: "Birch Café",
      interests: ["cooking"],
    });
    const profile = await profileOf(account.id);
    expect(profile).toMatchObject({ userType: "employer", companyName: "Birch Café" });
    expect(await t.db.$count(userInterests, eq(userInterests.userId, account.id))).toBe(0);
  });

  it("only ever changes the caller's own profile", async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    const caller = await t.callerWithHeaders({ cookie: a.cookie });
    await caller.profiles.completeOnboarding({ ...valid, fullName: "Changed A" });
    const other = await profileOf(b.id);
    expect(other?.fullName).not.toBe("Changed A");
    expect(other?.onboardingCompletedAt).toBeNull();
  });
});

// A new account's currency comes from its country and language, never the dollar for a Russian reader
// (docs/decisions/049): the language at sign-up, then the city the onboarding location names.
describe("a new account's currency", () => {
  const currencyOf = async (id: string) => (await profileOf(id))?.currency;

  it("is the language's at sign-up: roubles in Russian, tenge in Kazakh, euros in German, dollars in English", async () => {
    for (const [language, currency] of [
      ["ru", "RUB"],
      ["kk", "KZT"],
      ["uz", "UZS"],
      ["tk", "TMT"],
      ["de", "EUR"],
      ["en", "USD"],
    ] as const) {
      const account = await signUp(t, { language });
      expect(await currencyOf(account.id)).toBe(currency);
    }
    // No language sent: the default language's (Russian).
    expect(await currencyOf((await signUp(t)).id)).toBe("RUB");
  });

  it("follows the city onboarding names, in any of its languages, before the language", async () => {
    for (const [location, currency] of [
      ["Almaty", "KZT"],
      ["Алматы, Медеуский район", "KZT"],
      ["  ташкент ", "UZS"],
      ["Berlin", "EUR"],
      ["Somewhere nobody knows", "USD"],
    ] as const) {
      const account = await signUp(t, { language: "en" });
      const caller = await t.callerWithHeaders({ cookie: account.cookie });
      await caller.profiles.completeOnboarding({ ...valid, location });
      expect(await currencyOf(account.id)).toBe(currency);
    }
  });

  it("is never replaced by onboarding again once the person has chosen one", async () => {
    const account = await signUp(t, { language: "ru" });
    const caller = await t.callerWithHeaders({ cookie: account.cookie });
    await caller.profiles.completeOnboarding({ ...valid, location: "Москва" });
    expect(await currencyOf(account.id)).toBe("RUB");
    await t.db.update(profiles).set({ currency: "EUR" }).where(eq(profiles.id, account.id));
    await caller.profiles.completeOnboarding({ ...valid, location: "Almaty" });
    expect(await currencyOf(account.id)).toBe("EUR");
  });
});
