import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from "../db/database-timeouts.ts";
import { defaultPoolSize } from "../db/pool-size.ts";
import { HOLD_RULES, type HoldRule } from "../domain/moderation/hold-rules.ts";
import { paymentsConfig, type PaymentsConfig } from "./payments/payments-config.ts";
import { pushConfig, type PushConfig } from "./push/config.ts";
import { DEFAULT_S3_TIMEOUTS, s3Config, type S3Settings } from "./storage/s3-config.ts";
import { translateConfig, type TranslateConfig } from "./translate/config.ts";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : v === "true" || v === "1"));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  // Fit to the machine's cores (db/pool-size.ts).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(defaultPoolSize()),
  DATA_DIR: z.string().default("./data"),
  UPLOAD_DIR: z.string().optional(),
  // Uploaded files in an S3-compatible bucket instead of UPLOAD_DIR (server/storage/s3-config.ts).
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  S3_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_S3_TIMEOUTS.connectMs),
  S3_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_S3_TIMEOUTS.requestMs),
  SEED_DEMO: bool(true),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  TRUSTED_ORIGINS: z.string().default(""),
  TRUST_PROXY: bool(false),
  AUTH_RATE_LIMIT: bool(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STATIC_DIR: z.string().default("./dist"),
  // The micro-cache of visitors' server-rendered pages, in ms (server/http/visitor-page-micro-cache.ts); 0: off.
  VISITOR_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  // Machine translation of jobs (server/translate/config.ts).
  TRANSLATE_PROVIDER: z.enum(["none", "libretranslate", "deepl"]).default("none"),
  LIBRETRANSLATE_URL: z.string().optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_API_URL: z.string().optional(),
  TRANSLATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  // Web Push (server/push/config.ts): keys generated into DATA_DIR when unset.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  PUSH_EXTRA_SERVICE_HOSTS: z.string().optional(),
  // E-mail (server/mail/): SMTP when set, else the local inbox in DATA_DIR/mail.
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\/[^/]/.test(v), "SMTP_URL must be an smtp:// or smtps:// URL"),
  MAIL_FROM: z.string().optional(),
  MAIL_DIR: z.string().optional(),
  // How long the SMTP server may take to connect, greet or answer; and the first retry delay of a mail
  // the server refused or never took (doubling after; short in fault tests). docs/decisions/064.
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  // Exchange rates (server/currency/): the Bank of Russia's daily XML, or "off" to keep the snapshot.
  EXCHANGE_RATES_URL: z.string().default("https://www.cbr.ru/scripts/XML_daily.asp"),
  // Operations (server/ops/): the bearer token of GET /api/metrics (unset: no metrics, a 404), and the
  // seconds /api/ready fails before a stopping instance closes (for load balancers that poll it).
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 16, "METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)"),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).default(0),
  // End-to-end journeys over several days (server/testing/movable-clock.ts): honoured only with NODE_ENV=test.
  E2E_MOVABLE_CLOCK: bool(false),
  // Bounded waits on Postgres and the request deadline (docs/decisions/062).
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // The hold rules posts run (docs/decisions/069): "all", "none" or names separated by commas.
  HOLD_RULES: z
    .string()
    .default("all")
    .transform((v, ctx) => {
      if (v.trim() === "all") return [...HOLD_RULES];
      if (v.trim() === "none") return [];
      const names = v.split(",").map((n) => n.trim());
      const rules = HOLD_RULES.filter((r) => names.includes(r));
      if (rules.length !== names.length) ctx.addIssue({ code: "custom", message: `HOLD_RULES: one of ${HOLD_RULES.join(", ")}` });
      return rules;
    }),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | null;
  databasePoolSize: number;
  dataDir: string;
  uploadDir: string;
  /** Uploaded files in this S3-compatible bucket; null: in `uploadDir` (server/storage/create-file-store.ts). */
  s3: S3Settings | null;
  seedDemo: boolean;
  authSecret: string;
  trustedOrigins: string[];
  trustProxy: boolean;
  authRateLimit: boolean;
  logLevel: string;
  staticDir: string;
  /** Milliseconds a visitor's server-rendered page (home, a job) is served from the micro-cache; 0: never. */
  visitorPageCacheMs: number;
  /** The hold rules new and edited posts run (HOLD_RULES; every rule unless said otherwise). */
  holdRules: readonly HoldRule[];
  translate: TranslateConfig;
  push: PushConfig;
  /** Payment, payout and tax-status providers: the services, their loopback stand-ins, or none (docs/decisions/077). */
  payments: PaymentsConfig;
  /**
   * Outgoing mail: SMTP to `smtpUrl`, or (null) JSON files in the local inbox `dir` (`MAIL_DIR`, else
   * `DATA_DIR/mail`), listed at /dev/mail outside production.
   */
  mail: { smtpUrl: string | null; from: string; dir: string; timeoutMs: number; retryDelaySeconds: number };
  /** Where the refresh job reads exchange rates (a Bank of Russia XML_daily document); null: never, the snapshot stays. */
  exchangeRatesUrl: string | null;
  /** The bearer token GET /api/metrics wants; null: metrics are off and the endpoint is a 404. */
  metricsToken: string | null;
  /** Seconds between /api/ready turning 503 and the instance closing, when it is told to stop. */
  shutdownDelaySeconds: number;
  /** The server's clock can be moved forward over HTTP (end-to-end journeys only; never outside NODE_ENV=test). */
  movableClock: boolean;
  /**
   * A tRPC call or auth request not done in this many milliseconds is answered 503 "try again", and its
   * statements are cancelled and its transaction rolled back (docs/decisions/062).
   */
  requestDeadlineMs: number;
  /** Bounds on the app's Postgres connections (db/database-timeouts.ts). */
  databaseTimeouts: DatabaseTimeouts;
};

/** A secret kept in the data folder, so local sessions survive restarts without any setup. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, ".auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const VITE_DEV_PORT = 5173;
const VITE_PREVIEW_PORT = 4173;

/**
 * The origins whose pages may call the API, open its socket and sign in (docs/decisions/013):
 * `PUBLIC_URL`, `TRUSTED_ORIGINS`, and outside production every loopback spelling of the local ports
 * (localhost, 127.0.0.1, [::1]), so the address the log prints works whichever way it is typed.
 */
function trustedOrigins(publicUrl: string, localPorts: number[], extra: string): string[] {
  const loopback = localPorts.flatMap((port) => ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`));
  const listed = extra
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  return [...new Set([new URL(publicUrl).origin, ...loopback, ...listed])];
}

/** Parses the environment once at boot; every local value has a working default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === "production" && !e.BETTER_AUTH_SECRET) {
    throw new Error("BETTER_AUTH_SECRET (32+ characters) is required when NODE_ENV=production");
  }
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL || null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    s3: s3Config(e),
    seedDemo: e.SEED_DEMO,
    authSecret: e.BETTER_AUTH_SECRET ?? localSecret(dataDir),
    trustedOrigins: trustedOrigins(
      publicUrl,
      e.NODE_ENV === "production" ? [] : [e.PORT, VITE_DEV_PORT, VITE_PREVIEW_PORT],
      e.TRUSTED_ORIGINS,
    ),
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR),
    visitorPageCacheMs: e.VISITOR_PAGE_CACHE_MS,
    holdRules: e.HOLD_RULES,
    translate: translateConfig(e),
    push: pushConfig(e, publicUrl, dataDir),
    payments: paymentsConfig(env, { production: e.NODE_ENV === "production", publicUrl }),
    mail: {
      smtpUrl: e.SMTP_URL || null,
      from: e.MAIL_FROM || `Daywork <no-reply@${new URL(publicUrl).hostname}>`,
      dir: path.resolve(e.MAIL_DIR ?? path.join(dataDir, "mail")),
      timeoutMs: e.SMTP_TIMEOUT_MS,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
    exchangeRatesUrl: e.EXCHANGE_RATES_URL === "off" || e.EXCHANGE_RATES_URL === "" ? null : e.EXCHANGE_RATES_URL,
    metricsToken: e.METRICS_TOKEN || null,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    movableClock: e.NODE_ENV === "test" && e.E2E_MOVABLE_CLOCK,
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    databaseTimeouts: {
      ...DEFAULT_DATABASE_TIMEOUTS,
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  };
}
