import { workerRefSchema } from "../../domain/certificates.ts";
import { rowRefSchema } from "../../domain/ids.ts";
import { found } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure } from "../trpc/procedures.ts";
import { certificateLink } from "./certificate-link.ts";
import { deleteCertificate } from "./delete-certificate.ts";
import { listCertificates, listCertificatesOfWorker } from "./list-certificates.ts";

/** Certificates are uploaded through POST /api/certificates (upload-route.ts); the rest is here. */
export const certificatesRouter = router({
  /** The caller's certificates, newest first. */
  list: authedProcedure.query(({ ctx }) => listCertificates(ctx.db, ctx.user.id)),

  /** An applicant's certificates, for an employer the worker applied to (or the worker). */
  ofWorker: authedProcedure
    .input(workerRefSchema)
    .query(async ({ ctx, input }) => found(await listCertificatesOfWorker(ctx.db, ctx.user.id, input.workerId), "not_found")),

  /** A signed download link (valid 3600 s) for the owner or an employer the owner applied to. */
  link: authedProcedure.input(rowRefSchema).query(async ({ ctx, input }) => {
    const link = await certificateLink(ctx.db, {
      viewerId: ctx.user.id,
      certificateId: input.id,
      secret: ctx.services.fileLinkSecret,
      now: ctx.services.now(),
    });
    return found(link, "not_found");
  }),

  /** Deletes one of the caller's certificates; the background queue removes its file (and retries). */
  delete: authedProcedure.input(rowRefSchema).mutation(async ({ ctx, input }) => {
    found(
      await deleteCertificate(ctx.db, ctx.services.queue, {
        userId: ctx.user.id,
        certificateId: input.id,
        now: ctx.services.now(),
      }),
      "not_found",
    );
    return { id: input.id };
  }),
});
