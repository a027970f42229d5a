// The bucket stopped, then stalled, under two running instances (issue 36, items 1 and 4;
// docs/decisions/060, 067).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { ERR } from "../domain/errors.ts";
import { LIMITS } from "../domain/limits.ts";
import { pdfBytes } from "../server/certificates/testing/upload.ts";
import { IMAGES } from "../server/chat/chat-test-kit.ts";
import { browserHeaders, call, eventually, mutation, query, resultOf, summary, type Answer } from "./calls.ts";
import { S3_TIMEOUTS, startDeployment, type Deployment } from "./deployment.ts";
import { jobWithChat } from "./people.ts";

/** A failing put answers within its two attempts' bounds, plus the request's own time on a busy machine. */
const FAILED_UPLOAD_MS = 2 * (S3_TIMEOUTS.connectMs + S3_TIMEOUTS.requestMs) + 3_000;

let d: Deployment;
let chat: Awaited<ReturnType<typeof jobWithChat>>;
beforeAll(async () => {
  d = await startDeployment();
  chat = await jobWithChat(d.db, d.a.http);
});
afterEach(async () => {
  await d?.bucket.set("none");
});
afterAll(async () => {
  await d?.close();
});

function uploadImage(base: string) {
  const form = new FormData();
  form.append("conversationId", chat.conversationId);
  form.append("file", new Blob([new Uint8Array(IMAGES.png)], { type: "image/png" }), "photo.png");
  return call(`${base}/api/chat/images`, { method: "POST", headers: browserHeaders(chat.worker.cookie), body: form });
}

function uploadCertificate(base: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pdfBytes(20_000))], { type: "application/pdf" }), "Safety.pdf");
  return call(`${base}/api/certificates`, { method: "POST", headers: browserHeaders(chat.worker.cookie), body: form });
}

function expectFilesUnavailable(answer: Answer) {
  expect(answer.status, summary(answer)).toBe(503);
  expect(answer.body, summary(answer)).toMatchObject({ messageKey: ERR.filesUnavailable });
  expect(answer.retryAfter ?? 0, summary(answer)).toBeGreaterThan(0);
  expect(answer.ms, summary(answer)).toBeLessThan(FAILED_UPLOAD_MS);
}

/** Both instances stay in the load balancer, naming the store as degraded. */
async function expectBothDegraded() {
  for (const instance of [d.a, d.b]) {
    const ready = await call(`${instance.http}/api/ready`, {}, 10_000);
    expect(ready.status, summary(ready)).toBe(200);
    expect(ready.body, summary(ready)).toMatchObject({ status: "degraded", degraded: ["storage"] });
  }
}

/** After the store is back: ready again, and an image uploaded, sent and opened through the other instance. */
async function expectUploadsWorkAgain() {
  await eventually(
    "both ready, not degraded",
    async () => {
      const answers = await Promise.all([d.a, d.b].map((instance) => call(`${instance.http}/api/ready`, {}, 5_000)));
      return answers.every((answer) => (answer.body as { status?: string } | null)?.status === "ready");
    },
    15_000,
  );
  const uploaded = await uploadImage(d.a.http);
  expect(uploaded.status, summary(uploaded)).toBe(201);
  const imageKey = String((uploaded.body as { imageKey: string }).imageKey);
  const sent = await mutation(d.a.http, "chat.send", { conversationId: chat.conversationId, imageKey }, chat.worker.cookie);
  const messageId = resultOf(sent).id;
  const link = await query(d.b.http, "chat.imageUrl", { messageId }, chat.owner.cookie);
  const served = await fetch(`${d.b.http}${String(resultOf(link).url)}`);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(IMAGES.png)).toBe(true);
}

describe("the file store stopped or stalled", () => {
  it(`stopped: both stay ready ("degraded"), uploads answer 503 try-again at once, and ${LIMITS.pendingChatImages + 1} failed ones lock nobody out`, async () => {
    await d.bucket.set("down");
    await expectBothDegraded();
    // More failed uploads than a person may have images pending: each frees its place (decision 060).
    for (let i = 0; i <= LIMITS.pendingChatImages; i++) expectFilesUnavailable(await uploadImage(i % 2 ? d.b.http : d.a.http));
    expectFilesUnavailable(await uploadCertificate(d.b.http));
    await d.bucket.set("none");
    await expectUploadsWorkAgain();
    const certificate = await uploadCertificate(d.b.http);
    expect(certificate.status, summary(certificate)).toBe(201);
  });

  it("stalled (connections accepted, never answered): both stay ready, uploads answer 503 within the S3 timeouts", async () => {
    await d.bucket.set("stall");
    await expectBothDegraded();
    const answers = await Promise.all([uploadImage(d.a.http), uploadImage(d.b.http), uploadCertificate(d.a.http)]);
    for (const answer of answers) expectFilesUnavailable(answer);
    await d.bucket.set("none");
    await expectUploadsWorkAgain();
  });
});
