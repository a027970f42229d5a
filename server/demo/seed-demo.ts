import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { seedMarketplace } from "../../db/demo/seed-marketplace.ts";
import { workedDays } from "../../db/demo/worked-days.ts";
import { createApplication, createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { account, chatMessages, profiles, ratings, shiftAttendance, user } from "../../db/schema/index.ts";
import { refreshSpellingDictionary } from "../../db/search-words.ts";
import type { Auth } from "../auth.ts";
import { joinGroupChat } from "../chat/group-membership.ts";
import { createProfileWithConsents } from "../profiles/create-profile.ts";

export type DemoLogin = { email: string; password: string; role: "employer" | "worker" };

const DEMO_PASSWORD = "demo1234";
export const DEMO_LOGINS: DemoLogin[] = [
  { email: "employer@daywork.demo", password: DEMO_PASSWORD, role: "employer" },
  { email: "worker@daywork.demo", password: DEMO_PASSWORD, role: "worker" },
];

/**
 * A demo account that can sign in: the auth user (its address already confirmed: demo people have
 * nobody to confirm it, docs/decisions/017), its password as better-auth hashes it, and the profile with
 * its consents, as sign-up writes them. Written directly rather than through sign-up, which would mail
 * a confirmation link to an address nobody reads.
 */
async function createDemoAccount(db: Database, auth: Auth, email: string, name: string): Promise<string> {
  const password = await (await auth.$context).password.hash(DEMO_PASSWORD);
  const id = randomUUID().replaceAll("-", "");
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name, email, emailVerified: true, createdAt: now, updatedAt: now });
    await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password });
    await createProfileWithConsents(tx, { userId: id, fullName: name, language: "ru", now });
  });
  return id;
}

/**
 * When the database has no profiles yet, fills it with a demo marketplace and two accounts that can
 * sign in, each with jobs in every state (open with applicants, in progress with a chat, completed with
 * reviews). Returns the demo logins, or null when the database already had data.
 */
export async function seedDemoIfEmpty(
  db: Database,
  auth: Auth,
  log: (message: string) => void = () => {},
): Promise<DemoLogin[] | null> {
  if ((await db.$count(profiles)) > 0) return null;

  const employerId = await createDemoAccount(db, auth, "employer@daywork.demo", "Ольга Смирнова");
  const workerId = await createDemoAccount(db, auth, "worker@daywork.demo", "Алексей Иванов");
  const done = new Date();
  await db
    .update(profiles)
    .set({
      userType: "employer",
      companyName: "Кафе «Берёзка»",
      location: "Москва",
      bio: "Небольшое семейное кафе у парка, часто ищем помощников на выходные и банкеты.",
      onboardingCompletedAt: done,
    })
    .where(eq(profiles.id, employerId));
  await db
    .update(profiles)
    .set({
      userType: "worker",
      location: "Москва",
      bio: "Студент, подрабатываю на выходных: склад, переезды, кейтеринг.",
      onboardingCompletedAt: done,
    })
    .where(eq(profiles.id, workerId));

  await seedMarketplace(db, { users: 80, jobs: 160, log });

  // The demo employer's café is in Moscow, by Gorky Park; the street address is for hired workers only.
  const base = {
    language: "ru",
    cityId: CITY.moscow,
    district: "Парк Горького",
    address: "ул. Крымский Вал, 9",
    currency: "RUB" as const,
  };
  await createJob(db, employerId, {
    ...base,
    title: "Помощник на банкет в субботу",
    description: "Нужны двое на банкет на 60 гостей: сервировка, уборка посуды, помощь на кухне. Форму выдаём, кормим.",
    category: "catering",
    skills: ["сервировка", "аккуратность"],
    durationDays: 1,
    startDate: dateFromToday(5),
    hourlyRate: 450,
    maxWorkers: 2,
    // Demo jobs of both kinds (docs/decisions/078): this one's pay is secured by Daywork.
    payMode: "through_daywork",
  });
  const inProgress = await createJob(db, employerId, {
    ...base,
    title: "Переезд кафе: упаковка и погрузка",
    description: "Переезжаем в новое помещение: упаковать посуду, разобрать стеллажи, загрузить машину. Коробки и плёнка наши.",
    category: "moving",
    skills: ["погрузка", "упаковка"],
    durationDays: 2,
    startDate: dateFromToday(0),
    hourlyRate: 500,
    maxWorkers: 2,
    payMode: "direct",
    status: "in_progress",
    acceptedCount: 1,
  });
  await createApplication(db, inProgress.id, workerId, { status: "accepted", message: "Готов выйти оба дня." });
  const completed = await createJob(db, employerId, {
    ...base,
    title: "Генеральная уборка зала после ремонта",
    description: "Отмыть зал после косметического ремонта: окна, пол, мебель. Химия и инвентарь есть.",
    category: "cleaning",
    skills: ["уборка"],
    durationDays: 1,
    startDate: dateFromToday(-10),
    hourlyRate: 400,
    maxWorkers: 1,
    payMode: "through_daywork",
    status: "completed",
    acceptedCount: 1,
  });
  const completedHire = await createApplication(db, completed.id, workerId, { status: "accepted" });
  // The finished job in the worker's history counts in their reliability figures: its day was worked.
  await db.insert(shiftAttendance).values(workedDays(completed, completedHire.id));
  await db.insert(ratings).values({
    jobId: completed.id,
    fromUserId: workerId,
    toUserId: employerId,
    rating: 5,
    comment: "Всё чётко, оплатили сразу.",
  });

  for (const job of [inProgress, completed]) {
    const conversationId = await db.transaction((tx) => joinGroupChat(tx, job.id, [employerId, workerId]));
    await db.insert(chatMessages).values([
      { conversationId, senderId: employerId, content: "Алексей, здравствуйте! Ждём вас к 9:00 у служебного входа." },
      { conversationId, senderId: workerId, content: "Здравствуйте! Буду вовремя." },
    ]);
  }
  await refreshSpellingDictionary(db);
  log("demo accounts and their jobs created");
  return DEMO_LOGINS;
}
