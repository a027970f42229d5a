import {
  autoPayoutSchema,
  payoutCardSchema,
  payoutConnectSchema,
  payoutMethodRefSchema,
  payoutSbpSchema,
  payoutTakeSchema,
  payoutTaxSchema,
} from "../../../domain/payouts.ts";
import { settle } from "../../trpc/answer.ts";
import { router } from "../../trpc/init.ts";
import { authedProcedure, memberProcedure } from "../../trpc/procedures.ts";
import {
  addCardMethod,
  addSbpMethod,
  cardFormUrl,
  refreshConnectMethod,
  removeMethod,
  sbpBanks,
  setDefaultMethod,
  startConnect,
} from "./payout-methods.ts";
import { checkTaxStatus, setAutoPayout } from "./payout-profile.ts";
import { payoutHistory, payoutsOverview } from "./payout-reads.ts";
import { takePayout } from "./take-payout.ts";

/** Where the providers' pages send the worker back: the payouts screen. */
const payoutsPage = (publicUrl: string) => `${publicUrl.replace(/\/$/, "")}/payouts`;

/** Payouts to workers (docs/decisions/081): every procedure is about the caller's own money and methods. */
export const payoutsRouter = router({
  /** Money available per currency, saved methods, tax status, the automatic payout switch. */
  overview: authedProcedure.query(({ ctx }) => payoutsOverview(ctx.db, ctx.services.payments, ctx.user.id)),

  /** The caller's payouts, newest first, with status and tax receipt. */
  history: authedProcedure.query(({ ctx }) => payoutHistory(ctx.db, ctx.user.id)),

  /** The fast payment system's banks, from the payout provider. */
  sbpBanks: authedProcedure.query(async ({ ctx }) => settle(await sbpBanks(ctx.services.payments))),

  /** YooKassa's card form, coming back to /payouts with the card's payout token (null: none configured). */
  cardForm: authedProcedure.query(({ ctx }) => ({
    url: cardFormUrl(ctx.services.payments, `${payoutsPage(ctx.config.publicUrl)}?added=card`),
  })),

  /** Saves the card the provider's form tokenised. */
  addCard: memberProcedure
    .input(payoutCardSchema)
    .mutation(async ({ ctx, input }) => settle(await addCardMethod(ctx.db, ctx.user.id, input))),

  /** Saves a phone at an SBP bank. */
  addSbp: memberProcedure
    .input(payoutSbpSchema)
    .mutation(async ({ ctx, input }) => settle(await addSbpMethod(ctx.db, ctx.services.payments, ctx.user.id, input))),

  /** Opens the caller's Stripe Connect account (once) and answers Stripe's onboarding page. */
  connect: memberProcedure.input(payoutConnectSchema).mutation(async ({ ctx, input }) =>
    settle(
      await startConnect(ctx.db, ctx.services.payments, {
        userId: ctx.user.id,
        email: ctx.user.email,
        currency: input.currency,
        country: input.country,
        returnUrl: `${payoutsPage(ctx.config.publicUrl)}?added=connect`,
      }),
    ),
  ),

  /** Asks Stripe whether the caller's Connect account can take transfers yet. */
  refreshMethod: memberProcedure
    .input(payoutMethodRefSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await refreshConnectMethod(ctx.db, ctx.services.payments, ctx.user.id, input.methodId)),
    ),

  /** Makes one of the caller's methods the default of its provider. */
  setDefault: memberProcedure
    .input(payoutMethodRefSchema)
    .mutation(async ({ ctx, input }) => settle(await setDefaultMethod(ctx.db, ctx.user.id, input.methodId))),

  /** Removes one of the caller's methods (not while a payout is on its way to it). */
  removeMethod: memberProcedure
    .input(payoutMethodRefSchema)
    .mutation(async ({ ctx, input }) => settle(await removeMethod(ctx.db, ctx.user.id, input.methodId))),

  /** Checks the caller's ИНН as self-employed and registers them with the payout provider (roubles). */
  checkTaxStatus: memberProcedure
    .input(payoutTaxSchema)
    .mutation(async ({ ctx, input }) =>
      settle(
        await checkTaxStatus(ctx.db, ctx.services.payments, { userId: ctx.user.id, inn: input.inn, now: ctx.services.now() }),
      ),
    ),

  /** Turns the daily automatic payout on or off. */
  setAutoPayout: memberProcedure
    .input(autoPayoutSchema)
    .mutation(({ ctx, input }) => setAutoPayout(ctx.db, ctx.user.id, input.enabled)),

  /** "Take it now": everything available in one currency, to the chosen or default method. */
  takeNow: memberProcedure
    .input(payoutTakeSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await takePayout(ctx.db, ctx.services, { userId: ctx.user.id, currency: input.currency, methodId: input.methodId })),
    ),
});
