import { RATE_LIMITS, type RateLimits } from "../domain/limits.ts";
import { HOLD_RULES, type HoldRule } from "../domain/moderation/hold-rules.ts";
import type { BackgroundQueue } from "./background-jobs.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Payments } from "./payments/open-payments.ts";
import { pushReachability, type PushReachability } from "./push/push-reachability.ts";
import type { ChatEventBus } from "./realtime/chat-bus.ts";
import { createInProcessChatBus } from "./realtime/in-process-chat-bus.ts";
import type { UserEventBus } from "./realtime/user-events.ts";
import type { FileStore } from "./storage/file-store.ts";
import type { Translator } from "./translate/translator.ts";

/** Long-lived collaborators that procedures reach through the context. */
export type Services = {
  /** The current time; tests pass a fixed clock. */
  now(): Date;
  /** Uploaded files (chat images, certificates), served only through signed links. */
  files: FileStore;
  /** Secret that signs file links. */
  fileLinkSecret: string;
  /** Structured log lines outside a request (pino's call shape; never personal data). */
  log: ServiceLog;
  /** Machine translation of jobs; null when no provider is configured (TRANSLATE_PROVIDER=none). */
  translator: Translator | null;
  /** Announces committed chat messages to subscribers on every instance (realtime/). */
  chatBus: ChatEventBus;
  /** Background work (pg-boss): jobs added inside a transaction run after it commits, on some instance. */
  queue: BackgroundQueue;
  /** Tells a person's open pages, on every instance, that something of theirs changed. */
  userEvents: UserEventBus;
  /** Sends e-mail: SMTP (SMTP_URL), or the local inbox in DATA_DIR/mail (server/mail/create-mailer.ts). */
  mailer: Mailer;
  /** How often a person may do what costs others (domain/limits.ts RATE_LIMITS; tests that flood raise them). */
  rateLimits: RateLimits;
  /** The hold rules new and edited posts run (docs/decisions/069; config HOLD_RULES, tests name theirs). */
  holdRules: readonly HoldRule[];
  /**
   * Payment, payout and tax-status providers (docs/decisions/077); null: none configured, so jobs can
   * only be paid directly. Outside production the providers without credentials are loopback stand-ins.
   */
  payments: Payments | null;
  /** Whether this instance's pushes reached their services lately (GET /api/ready reports it, docs/decisions/064). */
  pushReachability: PushReachability;
};

export type ServiceLog = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

/** One JSON line per event on stdout, as pino writes them. */
export const jsonLinesLog: ServiceLog = {
  info: (fields, msg) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), ...fields, msg })}\n`),
  warn: (fields, msg) => process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), ...fields, msg })}\n`),
};

/** Services for a running server; tests override what they need. */
export function createServices(
  base: Pick<Services, "files" | "fileLinkSecret" | "queue" | "userEvents" | "mailer"> &
    Partial<Pick<Services, "log" | "translator" | "chatBus" | "holdRules" | "payments">>,
  overrides: Partial<Services> = {},
): Services {
  return {
    now: () => new Date(),
    log: jsonLinesLog,
    translator: null,
    chatBus: createInProcessChatBus(),
    rateLimits: RATE_LIMITS,
    holdRules: HOLD_RULES,
    pushReachability: pushReachability(),
    payments: null,
    ...base,
    ...overrides,
  };
}
