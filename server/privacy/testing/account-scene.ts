import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";

import { createCertificate } from "../../../db/factories/certificates.ts";
import { createChatMessage, createDirectConversation } from "../../../db/factories/chat.ts";
import { createAcceptedApplication } from "../../../db/factories/hiring.ts";
import { createApplication, createJob } from "../../../db/factories/jobs.ts";
import { CITY } from "../../../db/factories/places.ts";
import { createRating } from "../../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import {
  accountSanctions,
  appeals,
  employerFollows,
  favouriteWorkers,
  fileDeletions,
  jobHolds,
  jobInvitations,
  jobOwnerViews,
  moderationDecisions,
  notifications,
  operatorAudit,
  operators,
  personBlocks,
  profiles,
  pushSubscriptions,
  reliabilityEvents,
  reports,
  savedSearches,
  shiftAttendance,
  timesheetEvents,
  timesheets,
  userInterests,
  verification,
} from "../../../db/schema/index.ts";
import { holdAuthorised, timesheetAgreed } from "../../../domain/ledger-flows.ts";
import { payForMinutes, person } from "../../../domain/ledger.ts";
import { LIMITS, RATE_LIMITS } from "../../../domain/limits.ts";
import { joinGroupChat } from "../../chat/group-membership.ts";
import { keyedRequest, rememberAnswer } from "../../idempotency/once-per-key.ts";
import { hitRateLimit } from "../../limits/rate-limit.ts";
import { partyOfPerson } from "../../money/ledger/parties.ts";
import { postTransaction, type PostingRequest } from "../../money/ledger/post-transaction.ts";
import { addCardMethod } from "../../money/payouts/payout-methods.ts";
import { checkTaxStatus } from "../../money/payouts/payout-profile.ts";
import { payoutCard } from "../../money/payouts/payout-test-kit.ts";
import { takePayout } from "../../money/payouts/take-payout.ts";
import { STAND_IN_SELF_EMPLOYED_INN } from "../../payments/open-payments.ts";
import { renewInstanceLease, takeSocketPlace } from "../../session/socket-places.ts";
import { cookieHeader, signUp } from "../../testing/accounts.ts";
import { pushBrowser } from "../../testing/push-browser.ts";
import type { TestApp } from "../../testing/test-app.ts";

let scenes = 0;

/**
 * A person ("the subject", signed up over HTTP and signed in twice) with a row in every kind of table:
 * posted jobs with applicants and chats, applications (accepted and pending) to another employer's
 * jobs, group and direct chats with text and images, ratings both ways, certificates with files,
 * interests, notifications, devices with push on, a password-reset token and an image upload never
 * sent. Around them two other people whose own data must survive: an employer and a worker. Markers in
 * the texts tell whose text it is.
 */
export async function accountScene(t: TestApp) {
  scenes += 1;
  const n = scenes;
  const subject = await signUp(t, { name: `Subject Person ${n}`, email: `subject${n}.${Date.now()}@example.com` });
  const secondSignIn = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: subject.email, password: subject.password },
    headers: { origin: t.config.publicUrl },
  });
  const otherDevice = cookieHeader(secondSignIn.headers["set-cookie"]);
  await t.db
    .update(profiles)
    .set({
      phone: `+7 901 000-00-0${n}`,
      bio: "SUBJECT-BIO",
      location: "Kazan",
      dateOfBirth: "1990-01-01",
      onboardingCompletedAt: new Date(),
    })
    .where(eq(profiles.id, subject.id));
  await t.db
    .insert(savedSearches)
    .values({ userId: subject.id, filters: { q: "SUBJECT-SEARCH garden", cityId: CITY.kazan, km: 10 } });
  await t.db.insert(userInterests).values([
    { userId: subject.id, interest: "SUBJECT-INTEREST-gardening" },
    { userId: subject.id, interest: "SUBJECT-INTEREST-moving" },
  ]);

  const employer = await createEmployer(t.db, {
    fullName: `Other Employer ${n}`,
    phone: `+7 902 000-00-0${n}`,
    email: `eve${n}.${Date.now()}@example.com`,
  });
  const worker = await createWorker(t.db, {
    fullName: `Other Worker ${n}`,
    phone: `+7 903 000-00-0${n}`,
    email: `walt${n}.${Date.now()}@example.com`,
  });

  // The subject's own job, with the other worker accepted and a group chat.
  const subjectJob = await createJob(t.db, subject.id, { title: "SUBJECT-JOB garden work", maxWorkers: 2 });
  await createAcceptedApplication(t.db, subjectJob.id, worker.id);
  const subjectJobChat = await joinGroupChat(t.db, subjectJob.id, [subject.id, worker.id]);
  // The subject opened their job's applications page once ("new" applications are those after it).
  await t.db.insert(jobOwnerViews).values({ jobId: subjectJob.id, applicationsSeenAt: new Date() });
  await createChatMessage(t.db, subjectJobChat, subject.id, { content: "SUBJECT-MSG in own job chat" });
  const workerImageInSubjectJob = `chat-images/${worker.id}/1000000000001.png`;
  await createChatMessage(t.db, subjectJobChat, worker.id, {
    content: "WALT-MSG in subject's job",
    imagePath: workerImageInSubjectJob,
  });

  // The employer's job: the subject and the other worker both accepted (accepted_count 2 of 3).
  const employerJob = await createJob(t.db, employer.id, { title: "EVE-JOB warehouse", maxWorkers: 3 });
  // Reports both ways (docs/decisions/070): the subject reported the employer's job; the employer
  // reported the subject's profile.
  await t.db.insert(reports).values([
    {
      reporterId: subject.id,
      subjectType: "job",
      subjectId: employerJob.id,
      subjectUserId: employer.id,
      reason: "fake_job",
      comment: "SUBJECT-REPORT wrong address",
    },
    { reporterId: employer.id, subjectType: "profile", subjectId: subject.id, subjectUserId: subject.id, reason: "spam" },
  ]);
  const subjectHire = await createAcceptedApplication(t.db, employerJob.id, subject.id);
  const workerHire = await createAcceptedApplication(t.db, employerJob.id, worker.id);
  // A day each of them worked there: attendance, a timesheet and its history (docs/decisions/032).
  for (const [hire, minutes] of [
    [subjectHire, 480],
    [workerHire, 420],
  ] as const) {
    const day = { jobId: employerJob.id, applicationId: hire.id, shiftDate: employerJob.startDate };
    const at = new Date();
    const out = new Date(at.getTime() + minutes * 60_000);
    await t.db.insert(shiftAttendance).values({
      ...day,
      presence: "present",
      checkedInAt: at,
      checkedOutAt: out,
      checkInBy: "worker",
      checkOutBy: "worker",
      createdAt: at,
      updatedAt: at,
    });
    const [sheet] = await t.db
      .insert(timesheets)
      .values({ ...day, status: "approved", recordedMinutes: minutes, minutes, createdAt: at, updatedAt: at })
      .returning();
    if (!sheet) throw new Error("timesheet was not inserted");
    await t.db.insert(timesheetEvents).values({
      timesheetId: sheet.id,
      actor: "owner",
      action: "approved",
      newMinutes: minutes,
      reason: hire === subjectHire ? "SUBJECT-SHIFT approved" : "WALT-SHIFT approved",
      createdAt: at,
    });
  }
  // A recorded strike of each worker on that job, the subject's with their reply (docs/decisions/033).
  await t.db.insert(reliabilityEvents).values([
    {
      userId: subject.id,
      jobId: employerJob.id,
      kind: "no_show",
      role: "worker",
      onDate: employerJob.startDate,
      reply: "SUBJECT-STRIKE reply",
      repliedAt: new Date(),
      createdAt: new Date(),
    },
    {
      userId: worker.id,
      jobId: employerJob.id,
      kind: "late_cancellation",
      role: "worker",
      onDate: employerJob.startDate,
      noticeHours: 3,
      reply: "WALT-STRIKE reply",
      createdAt: new Date(),
    },
  ]);
  // Money (docs/decisions/076): both workers' day agreed through Daywork, at 500.00 an hour; the subject
  // asked for theirs to be paid out.
  const post = async (request: PostingRequest) => {
    const posted = await t.db.transaction((tx) => postTransaction(tx, request));
    if (!posted.ok) throw new Error(`scene posting refused: ${posted.reason}`);
  };
  for (const [hire, minutes] of [
    [subjectHire, 480],
    [workerHire, 420],
  ] as const) {
    const pay = payForMinutes(minutes, 50_000n);
    // The employer's card held the day's pay first (docs/decisions/079): only then may it be paid out.
    await post({
      ...holdAuthorised(person(employer.id), [{ party: person(hire.workerId), amountMinor: pay }]),
      idempotencyKey: `scene:${hire.id}:held`,
      currency: "RUB",
      causeRef: hire.id,
      jobId: employerJob.id,
    });
    await post({
      ...timesheetAgreed("through_daywork", person(employer.id), person(hire.workerId), pay),
      idempotencyKey: `scene:${hire.id}:agreed`,
      currency: "RUB",
      causeRef: hire.id,
      jobId: employerJob.id,
    });
  }
  // Payouts (docs/decisions/081): a card from the provider's form, the self-employed status, and all of it taken.
  await addCardMethod(t.db, subject.id, await payoutCard(t.services.payments, "4242 4242 4242 4242"));
  await checkTaxStatus(t.db, t.services.payments, { userId: subject.id, inn: STAND_IN_SELF_EMPLOYED_INN, now: new Date() });
  const payout = await takePayout(t.db, t.services, { userId: subject.id, currency: "RUB" });
  if (!("id" in payout)) throw new Error(`scene payout refused: ${payout.reason}`);
  const subjectParty = await partyOfPerson(t.db, subject.id);
  if (!subjectParty) throw new Error("the subject has no ledger party");
  const employerJobChat = await joinGroupChat(t.db, employerJob.id, [employer.id, subject.id, worker.id]);
  const subjectImage = `chat-images/${subject.id}/1000000000002.png`;
  await createChatMessage(t.db, employerJobChat, subject.id, {
    content: "SUBJECT-MSG in employer chat",
    imagePath: subjectImage,
  });
  const workerImage = `chat-images/${worker.id}/1000000000003.png`;
  await createChatMessage(t.db, employerJobChat, worker.id, { content: "WALT-MSG secret", imagePath: workerImage });
  await createChatMessage(t.db, employerJobChat, employer.id, { content: "EVE-MSG secret" });

  // Another of the employer's jobs: a pending application and a direct conversation.
  const employerJob2 = await createJob(t.db, employer.id, { title: "EVE-JOB2 moving" });
  await createApplication(t.db, employerJob2.id, subject.id, { message: "SUBJECT-APPLICATION-NOTE" });
  const direct = await createDirectConversation(t.db, employerJob2.id, subject.id, employer.id);
  await createChatMessage(t.db, direct, subject.id, { content: "SUBJECT-MSG direct question" });
  const employerImageInDirect = `chat-images/${employer.id}/1000000000004.png`;
  await createChatMessage(t.db, direct, employer.id, { content: "EVE-MSG direct reply", imagePath: employerImageInDirect });

  // Rehiring both ways (docs/decisions/036): the subject keeps the other worker as a favourite and
  // follows the employer; the employer keeps the subject as a favourite and invited them to the second
  // job; the other worker follows the subject.
  await t.db.insert(favouriteWorkers).values([
    { employerId: subject.id, workerId: worker.id },
    { employerId: employer.id, workerId: subject.id },
  ]);
  await t.db.insert(employerFollows).values([
    { followerId: subject.id, employerId: employer.id },
    { followerId: worker.id, employerId: subject.id },
  ]);
  // Blocks both ways (docs/decisions/068): the subject blocked the other worker, the employer blocked the subject.
  await t.db.insert(personBlocks).values([
    { blockerId: subject.id, blockedId: worker.id },
    { blockerId: employer.id, blockedId: subject.id },
  ]);
  await t.db.insert(jobInvitations).values([
    { jobId: employerJob2.id, workerId: subject.id },
    { jobId: subjectJob.id, workerId: worker.id },
  ]);

  // Held posts (docs/decisions/069): the subject, as an operator, approved one of the employer's; one of
  // the subject's own waits for a decision.
  await t.db.insert(jobHolds).values([
    {
      jobId: employerJob2.id,
      rules: ["link"],
      heldAt: new Date(),
      decision: "approved",
      decidedAt: new Date(),
      decidedBy: subject.id,
    },
    { jobId: subjectJob.id, rules: ["contact_details"], heldAt: new Date() },
  ]);

  const reviews = [
    [employerJob, employer, subject, 4, "EVE-RATES-SUBJECT"],
    [employerJob, subject, employer, 5, "SUBJECT-RATES-EVE"],
    [employerJob, worker, employer, 3, "WALT-RATES-EVE"],
    [subjectJob, subject, worker, 5, "SUBJECT-RATES-WALT"],
  ] as const;
  for (const [job, from, to, rating, comment] of reviews) {
    await createRating(t.db, { jobId: job.id, fromUserId: from.id, toUserId: to.id, rating, comment });
  }

  const subjectCertificates = [
    await createCertificate(t.db, subject.id, { fileName: "SUBJECT-CERT-forklift.pdf" }),
    await createCertificate(t.db, subject.id, { fileName: "SUBJECT-CERT-first-aid.pdf" }),
  ];
  const workerCertificate = await createCertificate(t.db, worker.id, { fileName: "WALT-CERT.pdf" });

  await t.db.insert(notifications).values([
    { userId: subject.id, kind: "application_accepted", payload: { jobId: employerJob.id } },
    {
      userId: employer.id,
      kind: "application_received",
      payload: { jobId: employerJob2.id, applicantName: `Subject Person ${n}` },
      actorId: subject.id,
    },
    { userId: worker.id, kind: "application_accepted", payload: { jobId: employerJob.id } },
  ]);
  // Devices with push on: two of the subject's, one of the other worker's.
  const device = (userId: string, endpoint: string) => ({ userId, endpoint, ...pushBrowser().keys });
  await t.db
    .insert(pushSubscriptions)
    .values([
      device(subject.id, `https://fcm.googleapis.com/fcm/send/SUBJECT-PUSH-phone-${n}`),
      device(subject.id, `https://updates.push.services.mozilla.com/wpush/v2/SUBJECT-PUSH-laptop-${n}`),
      device(worker.id, `https://fcm.googleapis.com/fcm/send/WALT-PUSH-${n}`),
    ]);
  // Recent limited actions (counted by the real limiter), the subject's and someone else's.
  for (const person of [subject, worker])
    await hitRateLimit(t.db, person.id, { action: "chatMessage", ...RATE_LIMITS.chatMessage });
  // Open WebSockets, the subject's and someone else's, on an instance whose lease outlasts the test.
  const instanceId = randomUUID();
  await renewInstanceLease(t.db, instanceId, 3600_000);
  for (const person of [subject, worker])
    await takeSocketPlace(t.db, { socketId: randomUUID(), userId: person.id, instanceId, limit: LIMITS.socketsPerPerson });
  // Keyed creates (docs/decisions/063): one of the subject's, and the employer's review of them, whose
  // stored answer names the subject.
  await rememberAnswer(t.db, keyedRequest(subject.id, "jobs.create", { idempotencyKey: `subject-job-key-${n}` }), {
    id: subjectJob.id,
  });
  await rememberAnswer(t.db, keyedRequest(employer.id, "ratings.submit", { idempotencyKey: `eve-rates-subject-${n}` }), {
    toUserId: subject.id,
  });
  // Operator roles (docs/decisions/071): the employer made the subject an admin, who made the worker a
  // moderator; the audit log records both.
  await t.db.insert(operators).values([
    { userId: subject.id, role: "admin", grantedBy: employer.id },
    { userId: worker.id, role: "moderator", grantedBy: subject.id },
  ]);
  // The subject restricted the worker once (lifted by the employer), and was restricted by the employer.
  await t.db.insert(accountSanctions).values([
    {
      userId: worker.id,
      kind: "restricted",
      ground: "spam",
      endsAt: new Date(Date.now() + 86_400_000),
      decidedBy: subject.id,
      liftedAt: new Date(),
      liftedBy: subject.id,
    },
    {
      userId: subject.id,
      kind: "restricted",
      ground: "harassment",
      endsAt: new Date(Date.now() + 86_400_000),
      decidedBy: employer.id,
    },
  ]);
  // Moderation decisions (docs/decisions/074): the employer restricted the subject, who appealed; the subject
  // restricted the worker and answered the worker's appeal.
  const decisionsMade = await t.db
    .insert(moderationDecisions)
    .values([
      {
        subjectType: "profile",
        subjectId: subject.id,
        affectedUserId: subject.id,
        action: "restrict",
        ground: "harassment",
        note: "SUBJECT-DECISION threats",
        decidedBy: employer.id,
        decidedAt: new Date(),
        appealBy: new Date(Date.now() + 14 * 86_400_000),
      },
      {
        subjectType: "profile",
        subjectId: worker.id,
        affectedUserId: worker.id,
        action: "restrict",
        ground: "spam",
        note: "WALT-DECISION spam",
        decidedBy: subject.id,
        decidedAt: new Date(),
        appealBy: new Date(Date.now() + 14 * 86_400_000),
      },
    ])
    .returning({ id: moderationDecisions.id });
  const [aboutSubject, bySubject] = decisionsMade;
  if (!aboutSubject || !bySubject) throw new Error("decisions were not inserted");
  await t.db.insert(appeals).values([
    {
      kind: "decision",
      decisionId: aboutSubject.id,
      appellantId: subject.id,
      text: "SUBJECT-APPEAL it was a quote",
      createdAt: new Date(),
    },
    {
      kind: "decision",
      decisionId: bySubject.id,
      appellantId: worker.id,
      text: "WALT-APPEAL not spam",
      createdAt: new Date(),
      outcome: "upheld",
      answer: "Sent to forty people",
      answeredBy: subject.id,
      answeredAt: new Date(),
    },
  ]);
  await t.db.insert(operatorAudit).values([
    { operatorId: employer.id, action: "grant_admin", subjectType: "account", subjectId: subject.id },
    { operatorId: subject.id, action: "grant_moderator", subjectType: "account", subjectId: worker.id },
  ]);
  await t.db.insert(verification).values({
    id: `reset-${subject.id}`,
    identifier: `reset-password:token-${n}`,
    value: subject.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  // An image uploaded for a message that was never sent: queued for removal a day later.
  const unsentUpload = `chat-images/${subject.id}/1000000000009.png`;
  await t.db.insert(fileDeletions).values({ path: unsentUpload, nextAttemptAt: new Date(Date.now() + 86_400_000) });

  const subjectFiles = [...subjectCertificates.map((c) => c.filePath), subjectImage, unsentUpload];
  // Files that go with the subject's job and direct chats, though other people sent them.
  const othersFilesInSubjectChats = [workerImageInSubjectJob, employerImageInDirect];
  const othersFiles = [workerCertificate.filePath, workerImage];
  for (const key of [...subjectFiles, ...othersFilesInSubjectChats, ...othersFiles]) {
    await t.services.files.put(key, Buffer.from(`file ${key}`));
  }

  return {
    subject: { ...subject, otherDevice, fullName: `Subject Person ${n}`, phone: `+7 901 000-00-0${n}` },
    employer,
    worker,
    jobs: { subjectJob, employerJob, employerJob2 },
    chats: { subjectJobChat, employerJobChat, direct },
    files: { subjectFiles, othersFilesInSubjectChats, othersFiles },
    ledger: { subjectPartyId: subjectParty.id, payoutId: payout.id },
  };
}

export type AccountScene = Awaited<ReturnType<typeof accountScene>>;
