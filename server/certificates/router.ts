import { workerIdSchema } from "../../domain/certificates.ts";
import { ERR } from "../../domain/errors.ts";
import { rowIdSchema } from "../../domain/settings.ts";
import { removeFilesAfterCommit } from "../storage/file-deletions.ts";
import { fail, router } from "../trpc/init.ts";
import { authedProcedure } from "../trpc/procedures.ts";
import { certificateLink } from "./certificate-link.ts";
import { deleteCertificate } from "./delete-certificate.ts";
import { listCertificates, listCertificatesOfWorker } from "./list-certificates.ts";

/** Certificates are uploaded through POST /api/certificates (upload-route.ts); the rest is here. */
export const certificatesRouter = router({
  /** The caller's certificates, newest first. */
  list: authedProcedure.query(({ ctx }) => listCertificates(ctx.db, ctx.user.id)),

  /** An applicant's certificates, for an employer the worker applied to (or the worker). */
  ofWorker: authedProcedure.input(workerIdSchema).query(async ({ ctx, input }) => {
    const list = await listCertificatesOfWorker(ctx.db, ctx.user.id, input.workerId);
    if (!list) throw fail("NOT_FOUND", ERR.notFound);
    return list;
  }),

  /** A signed download link (valid 3600 s) for the owner or an employer the owner applied to. */
  link: authedProcedure.input(rowIdSchema).query(async ({ ctx, input }) => {
    const link = await certificateLink(ctx.db, {
      viewerId: ctx.user.id,
      certificateId: input.id,
      secret: ctx.services.fileLinkSecret,
      now: ctx.services.now(),
    });
    if (!link) throw fail("NOT_FOUND", ERR.notFound);
    return link;
  }),

  /** Deletes one of the caller's certificates; its file is removed after commit (and retried). */
  delete: authedProcedure.input(rowIdSchema).mutation(async ({ ctx, input }) => {
    const deleted = await deleteCertificate(ctx.db, { userId: ctx.user.id, certificateId: input.id, now: ctx.services.now() });
    if (!deleted) throw fail("NOT_FOUND", ERR.notFound);
    await removeFilesAfterCommit({ db: ctx.db, ...ctx.services }, deleted.fileDeletionIds);
    return { id: input.id };
  }),
});
