import { z } from "zod";
import { ERR } from "../../domain/errors.ts";
import { jobIdSchema } from "../../domain/jobs.ts";
import { LANGUAGE_CODES } from "../../domain/languages.ts";
import { router } from "../trpc/init.ts";
import { publicProcedure } from "../trpc/procedures.ts";
import { translateJob } from "./translate-job.ts";

export const translateJobInput = z.object({
  jobId: jobIdSchema,
  targetLanguage: z.enum(LANGUAGE_CODES, { error: ERR.languageInvalid }),
});

export const translateRouter = router({
  /** Whether machine translation is on, which provider, and the languages it covers. */
  available: publicProcedure.query(async ({ ctx }) => {
    const translator = ctx.services.translator;
    if (!translator) return { enabled: false, provider: null, languages: [] };
    const languages = await translator.languages(AbortSignal.timeout(ctx.config.translate.timeoutMs));
    return { enabled: languages.length > 1, provider: translator.provider, languages };
  }),

  /** A job's title and description in the reader's language (cached per job, language and text). */
  job: publicProcedure
    .input(translateJobInput)
    .query(({ ctx, input }) =>
      translateJob(ctx.db, ctx.services, { ...input, timeoutMs: ctx.config.translate.timeoutMs }),
    ),
});
