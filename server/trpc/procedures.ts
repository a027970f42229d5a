import { LIMITS } from "../../domain/limits.ts";
import { roleAllows, type OperatorRole } from "../../domain/operators.ts";
import { activeSanction } from "../moderation/sanctions.ts";
import { findOperatorRole } from "../operators/roles.ts";
import { liveSessionIds } from "../session/live-sessions.ts";
import { findProfile, requirePerson, type PersonLevel } from "../session/person.ts";
import { hasVerifiedEmail } from "../session/verified-email.ts";
import { refused, settle } from "./answer.ts";
import { answeredInTime } from "./answered-in-time.ts";
import type { Context } from "./context.ts";
import { middleware, observed, procedure } from "./init.ts";

/**
 * Over a WebSocket the caller was read at the upgrade, so each call first checks that session still
 * exists (one primary-key lookup): a session ended since (sign-out, password change, deletion, on any
 * instance) makes the call anonymous, refused by the person builders below (docs/decisions/014).
 */
async function sessionEnded(ctx: Context): Promise<boolean> {
  if (!ctx.socket || !ctx.user) return false;
  return !(await liveSessionIds(ctx.db, [ctx.user.sessionId])).has(ctx.user.sessionId);
}

const currentSession = middleware(async ({ ctx, next }) =>
  (await sessionEnded(ctx)) ? next({ ctx: { ...ctx, user: null } }) : next(),
);

function person(level: PersonLevel) {
  return middleware(async ({ ctx, next }) => {
    const { user, profile } = settle(await requirePerson(ctx.db, ctx.user, level));
    const result = await next({ ctx: { ...ctx, user, profile } });
    // The caller's account was deleted while the call ran (another tab, another device): its writes
    // fail on the person's gone row. That is a sign-out, not a server fault (docs/decisions/059).
    if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR" && !(await findProfile(ctx.db, user.id))) {
      throw refused("signed_out");
    }
    return result;
  });
}

/**
 * Takes one of the socket's live-feed places before any database work, so a flood of subscribe attempts costs
 * only its refusals (docs/decisions/015); the resolver gives it back with `ctx.releaseFeed()`.
 */
const liveFeedPlace = middleware(async ({ ctx, next }) => {
  const socket = ctx.socket;
  if (!socket) return next({ ctx: { releaseFeed: () => {} } });
  if (socket.liveFeeds >= LIMITS.liveFeedsPerSocket) throw refused("live_feeds_too_many");
  socket.liveFeeds += 1;
  let held = true;
  const releaseFeed = () => {
    if (held) socket.liveFeeds -= 1;
    held = false;
  };
  const result = await next({ ctx: { releaseFeed } });
  if (!result.ok) releaseFeed();
  return result;
});

/**
 * Anyone, signed in or not: observed, answered in time and session-checked in one middleware, since tRPC
 * copies a call's options at every level of its chain (docs/decisions/045).
 */
export const publicProcedure = procedure.use((call) =>
  observed(call, () =>
    answeredInTime(call, async () =>
      (await sessionEnded(call.ctx)) ? call.next({ ctx: { ...call.ctx, user: null } }) : call.next(),
    ),
  ),
);

/**
 * A signed-in caller with a profile, onboarding finished or not: their own data, settings, certificates
 * and privacy rights. `ctx.user` and `ctx.profile` (the current row) are non-null from here on.
 */
export const authedProcedure = publicProcedure.use(person("account"));

/** A signed-in caller who finished onboarding: everything that takes part in the marketplace. */
export const memberProcedure = publicProcedure.use(person("member"));

/**
 * A member whose e-mail address is confirmed: what reaches other people from an address nobody has
 * checked yet, posting a job and writing to an employer (docs/decisions/017). Read on each call, so a
 * socket opened before the link was followed gets through once it was.
 */
export const verifiedMemberProcedure = memberProcedure.use(async ({ ctx, next }) => {
  if (!(await hasVerifiedEmail(ctx.db, ctx.user.id))) throw refused("email_unverified");
  return next();
});

/**
 * A member taking part in the marketplace, not under an operator's restriction (docs/decisions/073):
 * posting, applying and messaging. One index probe on the caller's sanctions in force.
 */
export const participatingMemberProcedure = memberProcedure.use(async ({ ctx, next }) => {
  if (await activeSanction(ctx.db, ctx.user.id, ctx.services.now())) throw refused("account_restricted");
  return next();
});

/** The same with a confirmed address (docs/decisions/017): posting a job, writing to an employer. */
export const participatingVerifiedProcedure = participatingMemberProcedure.use(async ({ ctx, next }) => {
  if (!(await hasVerifiedEmail(ctx.db, ctx.user.id))) throw refused("email_unverified");
  return next();
});

/**
 * An operator with at least `needed`'s role (docs/decisions/071), read on each call so a revoked role
 * ends at once on every socket. `ctx.operatorRole` is the caller's role from here on.
 */
function operator(needed: OperatorRole, refusal: "operators_only" | "admins_only") {
  return memberProcedure.use(async ({ ctx, next }) => {
    const role = await findOperatorRole(ctx.db, ctx.user.id);
    if (!role || !roleAllows(role, needed)) throw refused(refusal);
    return next({ ctx: { operatorRole: role } });
  });
}

/** The console's moderation: moderators and admins. */
export const moderatorProcedure = operator("moderator", "operators_only");

/** Granting and revoking operator roles: admins only. */
export const adminProcedure = operator("admin", "admins_only");

/** A live feed (subscription) of a signed-in caller, within the socket's limit; call `ctx.releaseFeed()` when it ends. */
export const liveFeedProcedure = procedure
  .use((call) => observed(call, () => answeredInTime(call, () => call.next())))
  .use(liveFeedPlace)
  .use(currentSession)
  .use(person("account"));
