import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createCertificate } from "../../db/factories/certificates.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { certificates, fileDeletions, profiles } from "../../db/schema/index.ts";
import { CERTIFICATE_MAX_BYTES, MAX_CERTIFICATES, sanitizeCertificateName } from "../../domain/certificates.ts";
import { ERR } from "../../domain/errors.ts";
import { processFileDeletions } from "../storage/file-deletions.ts";
import { signUp, type SignedUp } from "../testing/accounts.ts";
import { refusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { pdfBytes, PNG_BYTES, uploadCertificate } from "./testing/upload.ts";

let t: TestApp;
/** Warnings of the app's services and background jobs, while a test collects them. */
let warnings: object[] | null = null;
beforeAll(async () => {
  t = await createTestApp({ services: { log: { info() {}, warn: (fields) => void warnings?.push(fields) } } });
});
afterAll(() => t.close());

async function stored(key: string): Promise<Buffer | null> {
  const file = await t.services.files.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function filesOf(userId: string): Promise<string[]> {
  return readdir(path.join(t.uploadDir, "certificates", userId)).catch(() => []);
}

async function rowsOf(userId: string) {
  return t.db.select().from(certificates).where(eq(certificates.userId, userId));
}

describe("POST /api/certificates", () => {
  let person: SignedUp;
  beforeAll(async () => {
    person = await signUp(t);
  });

  it("stores a PDF at certificates/{userId}/{timestamp}-{random}.pdf and records its name and size", async () => {
    const data = pdfBytes(4096);
    const res = await uploadCertificate(
      t,
      { name: "First aid (2024).pdf", type: "application/pdf", data },
      { cookie: person.cookie },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; fileName: string; fileSize: number; createdAt: string };
    expect(body).toMatchObject({ fileName: "First aid (2024).pdf", fileSize: 4096 });
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, body.id));
    expect(row?.filePath).toMatch(new RegExp(`^certificates/${person.id}/\\d{13}-[0-9a-f]{12}\\.pdf$`));
    expect(await stored(row?.filePath ?? "")).toEqual(data);
    expect(await t.callerAs(person.id).certificates.list()).toEqual([
      { id: body.id, fileName: "First aid (2024).pdf", fileSize: 4096, createdAt: new Date(body.createdAt) },
    ]);
  });

  it("keeps a clean file name: no folders, control characters or direction overrides", async () => {
    expect(sanitizeCertificateName("C:\\Users\\anna\\Диплом.PDF")).toBe("Диплом.PDF");
    expect(sanitizeCertificateName("../../etc/passwd")).toBe("passwd.pdf");
    expect(sanitizeCertificateName("evil\u202Efdp.exe.pdf")).toBe("evilfdp.exe.pdf");
    expect(sanitizeCertificateName("  \u0000 ")).toBe("certificate.pdf");
    expect(sanitizeCertificateName(`${"a".repeat(300)}.pdf`)).toHaveLength(200);
    const res = await uploadCertificate(
      t,
      { name: "scans/Forklift licence.pdf", type: "application/pdf", data: pdfBytes() },
      { cookie: person.cookie },
    );
    expect(res.json()).toMatchObject({ fileName: "Forklift licence.pdf" });
  });

  it("refuses a file that is not a PDF by name and type with 'Please upload PDF files only'", async () => {
    const before = (await rowsOf(person.id)).length;
    const res = await uploadCertificate(t, { name: "photo.png", type: "image/png", data: PNG_BYTES }, { cookie: person.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ERR.certificatePdfOnly,
      messageKey: ERR.certificatePdfOnly,
      message: "Please upload PDF files only",
    });
    const docx = await uploadCertificate(
      t,
      { name: "cv.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", data: pdfBytes() },
      { cookie: person.cookie },
    );
    expect(docx.json()).toMatchObject({ code: ERR.certificatePdfOnly });
    expect(await rowsOf(person.id)).toHaveLength(before);
  });

  it("refuses a PNG renamed to .pdf (and sent as application/pdf) with 'Invalid file type', storing nothing", async () => {
    const before = await filesOf(person.id);
    const res = await uploadCertificate(
      t,
      { name: "certificate.pdf", type: "application/pdf", data: PNG_BYTES },
      { cookie: person.cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: ERR.certificateInvalidType,
      messageKey: ERR.certificateInvalidType,
      message: "Invalid file type",
    });
    const empty = await uploadCertificate(
      t,
      { name: "empty.pdf", type: "application/pdf", data: Buffer.alloc(0) },
      { cookie: person.cookie },
    );
    expect(empty.json()).toMatchObject({ code: ERR.certificateInvalidType });
    expect(await filesOf(person.id)).toEqual(before);
  });

  it("accepts exactly 10 MB and refuses one byte more with 413", async () => {
    const fresh = await signUp(t);
    const exact = await uploadCertificate(
      t,
      { name: "big.pdf", type: "application/pdf", data: pdfBytes(CERTIFICATE_MAX_BYTES) },
      { cookie: fresh.cookie },
    );
    expect(exact.statusCode).toBe(201);
    expect(exact.json()).toMatchObject({ fileSize: CERTIFICATE_MAX_BYTES });
    const over = await uploadCertificate(
      t,
      { name: "bigger.pdf", type: "application/pdf", data: pdfBytes(CERTIFICATE_MAX_BYTES + 1) },
      { cookie: fresh.cookie },
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: ERR.certificateTooLarge });
    expect(await rowsOf(fresh.id)).toHaveLength(1);
    expect(await filesOf(fresh.id)).toHaveLength(1);
  });

  it("refuses visitors, other sites and requests without a file", async () => {
    const file = { name: "a.pdf", type: "application/pdf", data: pdfBytes() };
    const anonymous = await uploadCertificate(t, file);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: ERR.unauthorized });
    const forged = await uploadCertificate(t, file, { cookie: "daywork.session_token=forged.token" });
    expect(forged.statusCode).toBe(401);
    const crossSite = await uploadCertificate(t, file, { cookie: person.cookie, origin: "https://evil.example" });
    expect(crossSite.statusCode).toBe(403);
    const noFile = await uploadCertificate(t, null, { cookie: person.cookie });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: ERR.certificateMissing });
    const json = await t.app.inject({
      method: "POST",
      url: "/api/certificates",
      payload: { file: "x" },
      headers: { cookie: person.cookie, origin: t.config.publicUrl },
    });
    expect(json.statusCode).toBe(400);
  });

  it("removes the stored file again when the row cannot be written (compensation)", async () => {
    const fresh = await signUp(t);
    await t.db.execute(
      sql`create function fail_certificate() returns trigger language plpgsql as $$ begin raise exception 'certificates table down'; end $$`,
    );
    await t.db.execute(
      sql`create trigger fail_certificate before insert on certificates for each row execute function fail_certificate()`,
    );
    const put = t.services.files.put;
    const written: string[] = [];
    t.services.files.put = async (key, body) => {
      written.push(key);
      return put(key, body);
    };
    try {
      const res = await uploadCertificate(
        t,
        { name: "a.pdf", type: "application/pdf", data: pdfBytes() },
        { cookie: fresh.cookie },
      );
      expect(res.statusCode).toBe(500);
      expect(written).toHaveLength(1);
      expect(res.json()).toEqual({
        code: ERR.generic,
        messageKey: ERR.generic,
        message: "Something went wrong. Please try again.",
      });
    } finally {
      t.services.files.put = put;
      await t.db.execute(sql`drop trigger fail_certificate on certificates`);
      await t.db.execute(sql`drop function fail_certificate()`);
    }
    expect(await rowsOf(fresh.id)).toEqual([]);
    expect(await stored(written[0] ?? "")).toBeNull();
    expect(await filesOf(fresh.id)).toEqual([]);
    expect(await t.db.$count(fileDeletions)).toBe(0);
  });

  it(`keeps at most ${MAX_CERTIFICATES} certificates per person`, async () => {
    const fresh = await signUp(t);
    for (let i = 0; i < MAX_CERTIFICATES; i++) await createCertificate(t.db, fresh.id, { fileName: `c${i}.pdf` });
    const res = await uploadCertificate(
      t,
      { name: "one-more.pdf", type: "application/pdf", data: pdfBytes() },
      { cookie: fresh.cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERR.certificateLimit });
    expect(await filesOf(fresh.id)).toEqual([]);
  });

  it("takes exactly the places left of parallel uploads, and stores no file for the refused ones (docs/decisions/057)", async () => {
    const fresh = await signUp(t);
    for (let i = 0; i < MAX_CERTIFICATES - 3; i++) await createCertificate(t.db, fresh.id, { fileName: `c${i}.pdf` });
    const put = t.services.files.put;
    const written: string[] = [];
    t.services.files.put = async (key, body) => {
      written.push(key);
      return put(key, body);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          uploadCertificate(t, { name: `p${i}.pdf`, type: "application/pdf", data: pdfBytes() }, { cookie: fresh.cookie }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
      const refused = answers.filter((a) => a.statusCode !== 201);
      expect(new Set(refused.map((a) => `${a.statusCode} ${(a.json() as { code: string }).code}`))).toEqual(
        new Set([`400 ${ERR.certificateLimit}`]),
      );
    } finally {
      t.services.files.put = put;
    }
    // Only the accepted files ever reached the store: bytes on disk stay within the limit.
    expect(written).toHaveLength(3);
    expect(await rowsOf(fresh.id)).toHaveLength(MAX_CERTIFICATES);
    expect(await t.db.$count(fileDeletions)).toBe(0);
  });

  it("needs a profile", async () => {
    const fresh = await signUp(t);
    await t.db.delete(profiles).where(eq(profiles.id, fresh.id));
    const res = await uploadCertificate(
      t,
      { name: "a.pdf", type: "application/pdf", data: pdfBytes() },
      { cookie: fresh.cookie },
    );
    expect(res.statusCode).toBe(403);
    expect(await filesOf(fresh.id)).toEqual([]);
  });
});

describe("certificates.delete", () => {
  it("deletes the owner's certificate and its file; the queue is left empty", async () => {
    const owner = await signUp(t);
    const res = await uploadCertificate(
      t,
      { name: "a.pdf", type: "application/pdf", data: pdfBytes() },
      { cookie: owner.cookie },
    );
    const { id } = res.json() as { id: string };
    const [row] = await rowsOf(owner.id);
    expect(await t.callerAs(owner.id).certificates.delete({ id })).toEqual({ id });
    expect(await rowsOf(owner.id)).toEqual([]);
    // The file goes in the background job the deletion queued in its transaction.
    await t.runBackground();
    expect(await stored(row?.filePath ?? "")).toBeNull();
    expect(await t.db.$count(fileDeletions)).toBe(0);
  });

  it("treats another person's certificate as not found and keeps it", async () => {
    const owner = await createWorker(t.db);
    const certificate = await createCertificate(t.db, owner.id);
    await t.services.files.put(certificate.filePath, pdfBytes());
    const stranger = await createWorker(t.db);
    expect(await refusal(t.callerAs(stranger.id).certificates.delete({ id: certificate.id }))).toEqual({
      code: "NOT_FOUND",
      key: ERR.notFound,
    });
    expect(await rowsOf(owner.id)).toHaveLength(1);
    expect(await stored(certificate.filePath)).not.toBeNull();
  });

  it("still deletes the row when the store is down, and leaves the file queued for a later sweep", async () => {
    const owner = await createWorker(t.db);
    const certificate = await createCertificate(t.db, owner.id);
    await t.services.files.put(certificate.filePath, pdfBytes());
    const original = t.services.files.remove;
    t.services.files.remove = async () => {
      throw new Error("store down");
    };
    warnings = [];
    try {
      await t.callerAs(owner.id).certificates.delete({ id: certificate.id });
      await t.runBackground();
    } finally {
      t.services.files.remove = original;
    }
    expect(await rowsOf(owner.id)).toEqual([]);
    const queued = await t.db.select().from(fileDeletions);
    expect(queued).toMatchObject([{ path: certificate.filePath, attempts: 1 }]);
    expect(warnings).toEqual([expect.objectContaining({ event: "file_deletion_failed", failed: 1 })]);
    warnings = null;
    await t.db.delete(fileDeletions);
  });
});

describe("certificate links and applicants' certificates", () => {
  async function scene() {
    const worker = await createWorker(t.db);
    const employer = await createEmployer(t.db);
    const otherEmployer = await createEmployer(t.db);
    const stranger = await createWorker(t.db);
    await createJob(t.db, otherEmployer.id);
    const job = await createJob(t.db, employer.id);
    await createApplication(t.db, job.id, worker.id, { status: "rejected" });
    const certificate = await createCertificate(t.db, worker.id, { fileName: "Welding – level 2.pdf" });
    await t.services.files.put(certificate.filePath, pdfBytes(2048));
    return { worker, employer, otherEmployer, stranger, certificate };
  }

  it("gives the owner a signed link valid for an hour that downloads under the original name", async () => {
    const { worker, certificate } = await scene();
    const before = Date.now();
    const link = await t.callerAs(worker.id).certificates.link({ id: certificate.id });
    expect(link.fileName).toBe("Welding – level 2.pdf");
    expect(link.expiresAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000);
    expect(link.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);
    const res = await t.app.inject({ method: "GET", url: link.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent("Welding – level 2.pdf")}`,
    );
    expect(res.rawPayload).toEqual(pdfBytes(2048));
  });

  it("gives a link to an employer the worker applied to (any status), and to nobody else", async () => {
    const { worker, employer, otherEmployer, stranger, certificate } = await scene();
    const link = await t.callerAs(employer.id).certificates.link({ id: certificate.id });
    expect((await t.app.inject({ method: "GET", url: link.url })).statusCode).toBe(200);

    const notFound = { code: "NOT_FOUND", key: ERR.notFound };
    expect(await refusal(t.callerAs(otherEmployer.id).certificates.link({ id: certificate.id }))).toEqual(notFound);
    expect(await refusal(t.callerAs(stranger.id).certificates.link({ id: certificate.id }))).toEqual(notFound);
    expect(await refusal(t.callerAs(employer.id).certificates.link({ id: "00000000-0000-4000-8000-000000000000" }))).toEqual(
      notFound,
    );
    expect((await refusal(t.callerAs(null).certificates.link({ id: certificate.id }))).code).toBe("UNAUTHORIZED");
    expect(await refusal(t.callerAs(worker.id).certificates.link({ id: "../../x" }))).toEqual({
      code: "BAD_REQUEST",
      key: ERR.notFound,
    });
  });

  it("lists an applicant's certificates to that employer only", async () => {
    const { worker, employer, otherEmployer, stranger, certificate } = await scene();
    const expected = [
      { id: certificate.id, fileName: "Welding – level 2.pdf", fileSize: certificate.fileSize, createdAt: certificate.createdAt },
    ];
    expect(await t.callerAs(employer.id).certificates.ofWorker({ workerId: worker.id })).toEqual(expected);
    expect(await t.callerAs(worker.id).certificates.ofWorker({ workerId: worker.id })).toEqual(expected);
    for (const viewer of [otherEmployer.id, stranger.id]) {
      expect(await refusal(t.callerAs(viewer).certificates.ofWorker({ workerId: worker.id }))).toEqual({
        code: "NOT_FOUND",
        key: ERR.notFound,
      });
    }
    expect((await refusal(t.callerAs(null).certificates.ofWorker({ workerId: worker.id }))).code).toBe("UNAUTHORIZED");
    const applicantWithout = await createWorker(t.db);
    const job = await createJob(t.db, employer.id);
    await createApplication(t.db, job.id, applicantWithout.id);
    expect(await t.callerAs(employer.id).certificates.ofWorker({ workerId: applicantWithout.id })).toEqual([]);
  });

  it("lists only the caller's own certificates", async () => {
    const { worker, stranger } = await scene();
    expect(await t.callerAs(stranger.id).certificates.list()).toEqual([]);
    expect(await t.callerAs(worker.id).certificates.list()).toHaveLength(1);
  });
});

describe("certificate uploads while the file store fails (docs/decisions/060)", () => {
  it("answers 503 'try again' with Retry-After and frees the place at once, even after the sweep failed too", async () => {
    const fresh = await signUp(t);
    for (let i = 0; i < MAX_CERTIFICATES - 1; i++) await createCertificate(t.db, fresh.id, { fileName: `c${i}.pdf` });
    const upload = () =>
      uploadCertificate(t, { name: "last.pdf", type: "application/pdf", data: pdfBytes() }, { cookie: fresh.cookie });
    const files = t.services.files;
    const { put, remove } = files;
    files.put = async () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.9:9000"));
    files.remove = async () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.9:9000"));
    try {
      const res = await upload();
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("30");
      expect(res.json()).toEqual({
        code: ERR.filesUnavailable,
        messageKey: ERR.filesUnavailable,
        message: "Files can't be saved right now. Please try again in a minute.",
      });
      // The sweep fails too: the record waits for its retry, later than now, and still takes no place.
      expect((await processFileDeletions(t.db, files, { now: new Date() })).failed).toBeGreaterThanOrEqual(1);
    } finally {
      files.put = put;
      files.remove = remove;
    }
    expect((await upload()).statusCode).toBe(201);
    expect(await rowsOf(fresh.id)).toHaveLength(MAX_CERTIFICATES);
    // What the failed upload left is removed once the store is back.
    await processFileDeletions(t.db, files, { now: new Date(Date.now() + 24 * 60 * 60 * 1000) });
    expect(await t.db.$count(fileDeletions)).toBe(0);
  });
});
