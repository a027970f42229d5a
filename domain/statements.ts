import { z } from "zod";

import { ERR } from "./errors.ts";
import { jobIdSchema } from "./ids.ts";
import { pageCursorSchema } from "./page-cursor.ts";

/*
 * Money statements (issue 39 item 7, docs/statements.md): a worker's earnings by month, an employer's
 * spend by job, one job's statement; on screen, as CSV and as PDF. Every figure is summed by the
 * database over the ledger (docs/decisions/076).
 */

/** An employer's spend by job, a page at a time (newest money first). */
export const spendListSchema = z.object({ cursor: pageCursorSchema.nullish() });

/** One job's statement, for its owner. */
export const jobStatementSchema = z.object({ jobId: jobIdSchema });

/** A calendar month as statements name it, "2026-11". */
export const STATEMENT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month of a worker's statement ("2026-11"); years 2000-2999 only, as no money is older or newer. */
export const statementMonthSchema = z
  .string()
  .regex(STATEMENT_MONTH, ERR.notFound)
  .refine((month) => month >= "2000-01" && month <= "2999-12", ERR.notFound);

/** The most jobs an employer's spend CSV lists: its pages read one after another (LEDGER_SPEND_PAGE each). */
export const SPEND_CSV_MAX_JOBS = 2000;
