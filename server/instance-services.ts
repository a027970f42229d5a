import type { OpenedDatabase } from "../db/open.ts";
import { BACKGROUND_JOBS, mailRetryDelays, type QueuePayloads } from "./background-jobs.ts";
import type { Config } from "./config.ts";
import { createMailer } from "./mail/create-mailer.ts";
import { openPayments } from "./payments/open-payments.ts";
import { webhookUrls } from "./payments/webhook-urls.ts";
import { startBackgroundQueue, type QueueOptions } from "./queue/background-queue.ts";
import { createChatBus } from "./realtime/create-chat-bus.ts";
import { createUserEventBus } from "./realtime/user-events.ts";
import { createServices, jsonLinesLog, type ServiceLog, type Services } from "./services.ts";
import type { FileStore } from "./storage/file-store.ts";
import { createTranslator } from "./translate/create-translator.ts";

export type InstanceOptions = {
  files: FileStore;
  /** Where everything logs (JSON lines), unless `overrides.log` says otherwise (the background jobs then log there too). */
  log?: ServiceLog;
  /** The queue's polling and schedules (tests turn schedules off). */
  queue?: Pick<QueueOptions<QueuePayloads>, "schedule" | "pollingSeconds">;
  /** What a test or bench puts in place of the real thing (a counting bus, a fixed clock, a mailer). */
  overrides?: Partial<Services>;
};

/**
 * The long-lived collaborators of one server instance on an opened database: the chat bus, the
 * background queue, the person-event bus, the mailer and the payment providers, the same way for the server, the tests and the
 * benches. Stop them with `stopServices` before closing the database.
 */
export async function startServices(database: OpenedDatabase, config: Config, options: InstanceOptions): Promise<Services> {
  const baseLog = options.log ?? jsonLinesLog;
  const log = options.overrides?.log ?? baseLog;
  return createServices(
    {
      files: options.files,
      fileLinkSecret: config.authSecret,
      translator: createTranslator(config.translate),
      chatBus: options.overrides?.chatBus ?? (await createChatBus(database.sql)),
      queue: await startBackgroundQueue(database.queue, BACKGROUND_JOBS, {
        log,
        retryDelays: mailRetryDelays(config.mail.retryDelaySeconds),
        ...options.queue,
      }),
      userEvents: await createUserEventBus(database),
      mailer: options.overrides?.mailer ?? createMailer(config, log),
      log,
      holdRules: config.holdRules,
      payments:
        options.overrides && "payments" in options.overrides
          ? (options.overrides.payments ?? null)
          : await openPayments(config.payments, webhookUrls(config.publicUrl)),
    },
    options.overrides,
  );
}

/** Stops what `startServices` started: workers finish their job, listeners and connections close. */
export async function stopServices(services: Services): Promise<void> {
  await services.queue.stop();
  await services.userEvents.close();
  await services.chatBus.close();
  await services.mailer.close();
  await services.payments?.close();
}
