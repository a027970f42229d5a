import { settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure } from "../trpc/procedures.ts";
import { deleteAccount } from "./delete-account.ts";
import { exportPersonalData } from "./export-data.ts";
import { standingKey } from "./standing-key.ts";
import { privacyStatus } from "./status.ts";

export const privacyRouter = router({
  /** Consent and terms status with dates, and the privacy and notification toggles. */
  status: authedProcedure.query(({ ctx }) => privacyStatus(ctx.profile)),

  /** Everything we hold about the caller as one JSON document; logged as an export. */
  export: authedProcedure.mutation(async ({ ctx }) => settle(await exportPersonalData(ctx.db, ctx.user.id, ctx.services.now()))),

  /**
   * Deletes the caller's account and all their data (docs/product.md, Privacy rights); what the other
   * side needs stays under an anonymous stand-in (docs/decisions/050). The background queue removes
   * their files after commit. The session ends with the account: the client signs out locally and
   * shows /account-deleted.
   */
  deleteAccount: authedProcedure.mutation(async ({ ctx }) => {
    const deleted = await deleteAccount(
      ctx.db,
      ctx.services.queue,
      ctx.user.id,
      ctx.services.now(),
      standingKey(ctx.config.authSecret),
    );
    // authedProcedure has just read the profile, so a missing account means a concurrent deletion won.
    if (deleted) ctx.log.info({ event: "account_deleted", files: deleted.fileDeletionIds.length }, "account deleted");
    return { deleted: true as const };
  }),
});
