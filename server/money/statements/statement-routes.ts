import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

import type { Database } from "../../../db/database.ts";
import { jobIdSchema } from "../../../domain/ids.ts";
import { isLanguageCode, type LanguageCode } from "../../../domain/languages.ts";
import { SPEND_CSV_MAX_JOBS, statementMonthSchema } from "../../../domain/statements.ts";
import type { Auth } from "../../auth.ts";
import { sendRefusal } from "../../http/send-refusal.ts";
import { pageLanguage } from "../../i18n/request-language.ts";
import { isRefusal } from "../../refusal.ts";
import type { Services } from "../../services.ts";
import { requirePerson, type Person } from "../../session/person.ts";
import { sessionUser } from "../../session/session-user.ts";
import { jobStatement } from "./job-statement.ts";
import { jobStatementPdf, workerMonthPdf } from "./pdf/statement-pdf.ts";
import { employerSpendAll } from "./spend.ts";
import { earningsCsv, jobStatementCsv, spendCsv } from "./statement-csv.ts";
import { workerEarnings, workerMonthLines } from "./worker-month.ts";

export type StatementRouteDeps = { db: Database; auth: Auth; services: Services };

/** Paths of the downloads (the SPA links to them; src/components/money/ builds the same). */
export const STATEMENT_PATHS = {
  earningsCsv: "/api/statements/earnings.csv",
  spendCsv: "/api/statements/spend.csv",
  jobCsv: "/api/statements/jobs/:jobId/statement.csv",
  jobPdf: "/api/statements/jobs/:jobId/statement.pdf",
  monthPdf: "/api/statements/months/:month/statement.pdf",
} as const;

const languageQuery = z.object({ lang: z.string().optional() });

/** The reader's language: `?lang=` as the SPA sends it, else the page's (its cookie, the browser's). */
function readerLanguage(request: FastifyRequest): LanguageCode {
  const asked = languageQuery.safeParse(request.query);
  const lang = asked.success ? asked.data.lang : undefined;
  return isLanguageCode(lang) ? lang : pageLanguage(request.headers);
}

/** A signed-in person, as tRPC's authedProcedure lets in; else the refusal is sent and null answered. */
async function reader(request: FastifyRequest, reply: FastifyReply, deps: StatementRouteDeps): Promise<Person | null> {
  const person = await requirePerson(deps.db, await sessionUser(deps.auth, request.headers), "account");
  if (isRefusal(person)) {
    await sendRefusal(reply, person.reason);
    return null;
  }
  return person;
}

/** A file download: private to the reader, never cached, saved under its own name. */
function sendFile(reply: FastifyReply, file: { fileName: string; contentType: string; body: string | Buffer }) {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header("cache-control", "private, no-store")
    .send(file.body);
}

/**
 * Statements as files (docs/statements.md): plain GET routes, so that a link downloads them with the
 * session cookie; the same person check as the procedures, the owner in the WHERE clause of a job's
 * statement ("not yours" reads "Job not found"). Every figure is summed by the database over the ledger.
 */
export async function statementRoutes(app: FastifyInstance, deps: StatementRouteDeps) {
  const { db } = deps;

  app.get(STATEMENT_PATHS.earningsCsv, async (request, reply) => {
    const person = await reader(request, reply, deps);
    if (!person) return reply;
    const { months } = await workerEarnings(db, person.user.id, person.profile.timeZone);
    const file = earningsCsv(months, { locale: readerLanguage(request) });
    return sendFile(reply, { ...file, body: file.csv });
  });

  app.get(STATEMENT_PATHS.spendCsv, async (request, reply) => {
    const person = await reader(request, reply, deps);
    if (!person) return reply;
    const lines = await employerSpendAll(db, person.user.id, SPEND_CSV_MAX_JOBS);
    const file = spendCsv(lines, { locale: readerLanguage(request) });
    return sendFile(reply, { ...file, body: file.csv });
  });

  const jobParams = z.object({ jobId: jobIdSchema });
  const ownJobStatement = async (request: FastifyRequest, reply: FastifyReply) => {
    const person = await reader(request, reply, deps);
    if (!person) return null;
    const params = jobParams.safeParse(request.params);
    const statement = params.success ? await jobStatement(db, { jobId: params.data.jobId, ownerId: person.user.id }) : null;
    if (!statement) {
      await sendRefusal(reply, "job_not_found");
      return null;
    }
    return statement;
  };

  app.get(STATEMENT_PATHS.jobCsv, async (request, reply) => {
    const statement = await ownJobStatement(request, reply);
    if (!statement) return reply;
    const file = jobStatementCsv(statement, { locale: readerLanguage(request) });
    return sendFile(reply, { ...file, body: file.csv });
  });

  app.get(STATEMENT_PATHS.jobPdf, async (request, reply) => {
    const statement = await ownJobStatement(request, reply);
    if (!statement) return reply;
    const file = await jobStatementPdf(statement, { language: readerLanguage(request), now: deps.services.now() });
    return sendFile(reply, file);
  });

  const monthParams = z.object({ month: statementMonthSchema });
  app.get(STATEMENT_PATHS.monthPdf, async (request, reply) => {
    const person = await reader(request, reply, deps);
    if (!person) return reply;
    const params = monthParams.safeParse(request.params);
    if (!params.success) return sendRefusal(reply, "not_found");
    const { month } = params.data;
    const timeZone = person.profile.timeZone;
    const { months, balances } = await workerEarnings(db, person.user.id, timeZone);
    const lines = months.length ? await workerMonthLines(db, { userId: person.user.id, month, timeZone }) : [];
    const file = await workerMonthPdf(
      { month, name: person.profile.fullName, totals: months.filter((row) => row.month === month), lines, balances },
      { language: readerLanguage(request), now: deps.services.now() },
    );
    return sendFile(reply, file);
  });
}
