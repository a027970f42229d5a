import { z } from "zod";

import { ERR } from "./errors.ts";
import { jobIdSchema } from "./ids.ts";
import { LANGUAGE_CODES } from "./languages.ts";

/** The translate toggle: a job's title and description in the reader's language. */
export const translateJobSchema = z.object({
  jobId: jobIdSchema,
  targetLanguage: z.enum(LANGUAGE_CODES, { error: ERR.languageInvalid }),
});
