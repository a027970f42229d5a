import { translateJobSchema } from "../../domain/translate.ts";
import { settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { publicProcedure } from "../trpc/procedures.ts";
import { translateJob } from "./translate-job.ts";

export const translateRouter = router({
  /** Whether machine translation is on, which provider, and the languages it covers. */
  available: publicProcedure.query(async ({ ctx }) => {
    const translator = ctx.services.translator;
    if (!translator) return { enabled: false, provider: null, languages: [] };
    const languages = await translator.languages(AbortSignal.timeout(ctx.config.translate.timeoutMs));
    return { enabled: languages.length > 1, provider: translator.provider, languages };
  }),

  /** A job's title and description in the reader's language (cached per job, language and text). */
  job: publicProcedure.input(translateJobSchema).query(async ({ ctx, input }) => {
    // A provider's failure is logged with this request's id.
    const services = { translator: ctx.services.translator, log: ctx.log };
    const translated = await translateJob(ctx.db, services, { ...input, timeoutMs: ctx.config.translate.timeoutMs });
    return settle(translated);
  }),
});
