import { getLocale } from "../../paraglide/runtime.js";

/*
 * Where the statement files are downloaded from (server/money/statements/statement-routes.ts): plain GET
 * routes that read the session cookie, in the reader's language.
 */

const withLanguage = (path: string) => `${path}?lang=${getLocale()}`;

export const statementLinks = {
  earningsCsv: () => withLanguage("/api/statements/earnings.csv"),
  spendCsv: () => withLanguage("/api/statements/spend.csv"),
  jobCsv: (jobId: string) => withLanguage(`/api/statements/jobs/${encodeURIComponent(jobId)}/statement.csv`),
  jobPdf: (jobId: string) => withLanguage(`/api/statements/jobs/${encodeURIComponent(jobId)}/statement.pdf`),
  monthPdf: (month: string) => withLanguage(`/api/statements/months/${encodeURIComponent(month)}/statement.pdf`),
};
