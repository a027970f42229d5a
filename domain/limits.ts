import type { JobCurrency } from "./currencies.ts";

/** Minimum age to use Daywork: one constant for sign-up, onboarding, settings and the terms. */
export const MIN_AGE = 18;

/** Field lengths and numeric ranges (docs/product.md, Limits). */
export const LIMITS = {
  email: 255,
  passwordMin: 6,
  passwordMax: 100,
  /** A token in a reset or confirmation link (better-auth's: 24 characters, or a signed JWT). */
  linkToken: 1000,
  fullName: 100,
  bio: 500,
  profileLocation: 100,
  phone: 20,
  /** An IANA time zone name ("America/Argentina/Buenos_Aires" is 30). */
  timeZone: 64,
  companyName: 100,
  interest: 50,
  jobTitleMin: 3,
  jobTitleMax: 200,
  jobDescriptionMin: 10,
  jobDescriptionMax: 5000,
  /** The public part of a job's place next to its city: a district or landmark. */
  jobDistrict: 100,
  /** The street address, shown only to the owner and accepted workers. */
  jobAddress: 200,
  skill: 50,
  durationDaysMin: 1,
  durationDaysMax: 7,
  maxWorkersMin: 1,
  maxWorkersMax: 100,
  hourlyRateMin: 0,
  /** The highest hourly rate in roubles, euros, dollars and pounds; local currencies have their own (HOURLY_RATE_MAX). */
  hourlyRateMax: 10_000,
  /** The highest hourly rate in any currency: the database's check. */
  hourlyRateCeiling: 2_000_000,
  ratingMin: 1,
  ratingMax: 5,
  ratingComment: 1000,
  /** A report's optional comment (docs/decisions/070). */
  reportComment: 1000,
  message: 2000,
  /** A chat message's idempotency key, made by the client (docs/decisions/059). */
  messageKey: 64,
  chatImageBytes: 5 * 1024 * 1024,
  certificateBytes: 10 * 1024 * 1024,
  signedUrlSeconds: 3600,
  pageSize: 20,
  peopleLimit: 20,
  /** Bytes of chat images one person's sent messages may hold in storage. */
  chatImageStorageBytes: 200 * 1024 * 1024,
  /** Searches one person may keep with alerts (docs/decisions/023). */
  savedSearches: 20,
  /** Chat images uploaded and not yet sent, per person (each waits a day before it is removed). */
  pendingChatImages: 10,
  /** Live chat feeds one WebSocket may hold open at once. */
  liveFeedsPerSocket: 20,
  /** Calls in one HTTP batch or WebSocket frame (the client splits larger ones; the server refuses them). */
  batchSize: 20,
  /** Calls one WebSocket may have running at once; its later frames wait, unread (docs/decisions/054). */
  socketCallsInFlight: 20,
  /** Subscriptions of any kind one WebSocket may hold starting or open: its live feeds and their replacements. */
  socketSubscriptions: 40,
  /** Bytes waiting to go out on a WebSocket above which its client's frames are no longer read (decision 054). */
  socketPauseBytes: 1024 * 1024,
  /** Bytes waiting to go out on a WebSocket above which its client is dropped: it is not reading. */
  socketDropBytes: 8 * 1024 * 1024,
  /** WebSockets one person may hold open at once, across every server instance (docs/decisions/065). */
  socketsPerPerson: 10,
  /** People one person may hold blocked at once (docs/decisions/068); the whole list fits one page. */
  blocks: 500,
} as const;

/**
 * How often a person may do what costs others (docs/decisions/015): counted per person in Postgres,
 * so the limit holds across server instances. Refused with 429 and the seconds until the window opens.
 */
export const RATE_LIMITS = {
  /** Chat and private messages sent. */
  chatMessage: { limit: 30, windowSeconds: 60 },
  /** New private conversations started with employers ("Message employer" to someone new). */
  firstContact: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Check-in and check-out codes tried, per worker and job, right or wrong (docs/decisions/032): a
   * shift needs two, so ten in ten minutes leave room for typos and make guessing a 6-digit code hopeless.
   */
  attendanceCode: { limit: 10, windowSeconds: 10 * 60 },
  /**
   * Jobs posted (jobs.create and "post again"): each new job alerts saved-search holders and followers,
   * so a burst mails many people (docs/decisions/055). Ten an hour is more than a busy employer posts.
   */
  jobPost: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Reports sent (docs/decisions/070): each lands in the moderation queue that people read, so a day's
   * worth is bounded; twenty a day is far more than an honest member meets.
   */
  report: { limit: 20, windowSeconds: 24 * 60 * 60 },
  /**
   * Not an action but what others' actions send a person: one delivery (e-mail, push) a minute; what
   * arrives meanwhile goes in the next one, as a digest (docs/decisions/055).
   */
  noticeDelivery: { limit: 1, windowSeconds: 60 },
} as const satisfies RateLimits;

/** A limit per person: at most `limit` times in `windowSeconds`. */
export type RateLimits = Record<
  "chatMessage" | "firstContact" | "attendanceCode" | "jobPost" | "report" | "noticeDelivery",
  { limit: number; windowSeconds: number }
>;

/**
 * Account e-mails (docs/decisions/017): how long their links work, and how many one account is sent per
 * window whoever asks (the per-client limits of the endpoints are better-auth's, in server/auth.ts).
 */
export const ACCOUNT_MAIL = {
  /** A password-reset link works for one hour, once. */
  resetLinkSeconds: 60 * 60,
  /** An e-mail confirmation link works for a day. */
  verifyLinkSeconds: 24 * 60 * 60,
  /** Reset mails to one account; past it the request answers as always and sends nothing. */
  resetMails: { limit: 3, windowSeconds: 60 * 60 },
  /** Confirmation mails one person may ask again for (the one sent at sign-up is not counted). */
  verificationResends: { limit: 3, windowSeconds: 60 * 60 },
} as const;

/**
 * The highest hourly rate per currency: 10,000 in the currencies the first version had, and about as
 * much (a generous day-job rate) in the local currencies, whose units are worth far less or more.
 */
export const HOURLY_RATE_MAX: Record<JobCurrency, number> = {
  RUB: LIMITS.hourlyRateMax,
  EUR: LIMITS.hourlyRateMax,
  USD: LIMITS.hourlyRateMax,
  GBP: LIMITS.hourlyRateMax,
  KZT: 100_000,
  UZS: LIMITS.hourlyRateCeiling,
  TMT: 1_000,
};

/** A notifications page holds this many; the bell's count stops at NOTIFICATION_COUNT_CAP ("99+"). */
export const NOTIFICATIONS_PAGE = 20;
export const NOTIFICATION_COUNT_CAP = 99;

/** Devices with push on, per person: a new one beyond this replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10;

/**
 * Sign-in attempts per e-mail address (server/session/sign-in-guard.ts, docs/decisions/058): a few are
 * free, then each failure earns a doubling wait up to a cap; the mailed unlock link skips the wait.
 */
export const SIGN_IN_GUARD = {
  /** Failed attempts in a row before the first wait. */
  freeAttempts: 5,
  /** The wait after the last free attempt fails; each further failure doubles it. */
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * 60,
  /** Attempts this long ago are forgotten. */
  forgetAfterSeconds: 24 * 60 * 60,
  /** The mailed unlock link admits its address's sign-ins, whatever the wait, this long. */
  unlockLinkSeconds: 24 * 60 * 60,
} as const;
