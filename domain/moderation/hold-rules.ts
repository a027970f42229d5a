import type { JobCurrency } from "../currencies.ts";
import { PRICE_EDGES } from "../job-filter-choices.ts";

/**
 * Holds before harm (docs/decisions/069): rules that hold a new or edited job post for an operator's
 * review before anyone sees it. Each rule is named, pure and says only whether it fired; the owner is
 * never told which one did (a scammer would learn to write around it).
 */
export const HOLD_RULES = [
  "contact_details",
  "link",
  "payment_request",
  "rate_out_of_range",
  "posting_burst",
  "new_account",
] as const;
export type HoldRule = (typeof HOLD_RULES)[number];

/** A job's moderation state: shown to everyone, held for review, or removed by an operator. */
export const JOB_MODERATION_STATES = ["visible", "held", "removed"] as const;
export type JobModeration = (typeof JOB_MODERATION_STATES)[number];

/** An operator's decision on a hold. */
export const HOLD_DECISIONS = ["approved", "rejected"] as const;
export type HoldDecision = (typeof HOLD_DECISIONS)[number];

/** How many posts one account may make in POSTING_BURST.windowMs before the next is held. */
export const POSTING_BURST = { posts: 5, windowMs: 60 * 60 * 1000 } as const;
/** An account younger than this has every post held. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
/**
 * A rate above this many times the currency's upper price edge, or below its lower edge divided by it,
 * is far outside what day jobs pay there (PRICE_EDGES, docs/decisions/049: RUB above 2 500 or below 60).
 */
export const RATE_OUTLIER_FACTOR = 5;

/** What the rules read of a post: its text and rate, and what the server counts of its account. */
export type PostToCheck = {
  title: string;
  description: string;
  skills?: readonly string[] | null;
  /** The public district or landmark beside the city. */
  district?: string | null;
  hourlyRate: number | null;
  currency: JobCurrency;
  /** When the posting account was created. */
  accountCreatedAt: Date;
  /** The account's posts in the POSTING_BURST window before this one (not counting it). */
  recentPosts: number;
  now: Date;
};

/** What the content rules read: the post's public text (title, description, district, skills). */
type PostText = Pick<PostToCheck, "title" | "description" | "skills" | "district">;

/** The public text lower-cased, ё as е, its parts on lines of their own. */
function textOf(post: PostText): string {
  return [post.title, post.description, post.district ?? "", ...(post.skills ?? [])]
    .join("\n")
    .toLowerCase()
    .replaceAll("ё", "е");
}

// A letter or digit, for word edges that work in Cyrillic too (\b is Latin-only).
const W = "[\\p{L}\\p{N}_]";
const word = (body: string) => new RegExp(`(?<!${W})(?:${body})(?!${W})`, "gu");

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-zа-я]{2,}/u;
// A Telegram-style handle (@name): not the middle of an e-mail address.
const HANDLE = /(?<![\p{L}\p{N}._%+-])@[a-z][a-z0-9_]{3,}/u;
const MESSENGERS = word(
  [
    "whats\\s?app",
    "watsapp",
    "вотсап+",
    "ватсап+",
    "вацап+",
    "уатсап+",
    "telegram",
    "телеграмм?\\p{L}*",
    "телег[аеиу]",
    "viber",
    "вайбер\\p{L}*",
    "вибер\\p{L}*",
    "wechat",
    "пишите в (?:лс|личку|директ)",
    "dm me",
  ].join("|"),
);
const MESSENGER_LINKS = /(?:t\.me|telegram\.me|wa\.me|viber:\/\/|chat\.whatsapp\.com)/u;
// Runs of digits with the separators phone numbers are written with.
const DIGIT_RUN = /\+?\(?\d[\d\s\-().]{6,}\d/gu;

/**
 * Whether a run of digits is a phone number rather than an amount or dates: written with a leading +
 * and 10-13 digits, 11 digits from 7 or 8 (Russia, Kazakhstan: 8 999 123-45-67), an area code in
 * brackets, or 10-12 digits with no separator at all. "250 000 - 300 000" (sums) and "12.05-15.05"
 * (dates) are none of these.
 */
function isPhone(run: string): boolean {
  const digits = run.replace(/\D/g, "");
  if (run.startsWith("+")) return digits.length >= 10 && digits.length <= 13;
  if (digits.length === 11 && /^[78]/.test(digits)) return true;
  if (/\(\d{2,5}\)/.test(run)) return digits.length >= 9 && digits.length <= 12;
  return /^\d{10,12}$/.test(run.trim());
}

/** Contact details that would take the conversation off Daywork: a phone, an e-mail, a messenger. */
export function mentionsContactDetails(post: PostText): boolean {
  const text = textOf(post);
  if (EMAIL.test(text) || HANDLE.test(text) || MESSENGER_LINKS.test(text)) return true;
  if (new RegExp(MESSENGERS.source, MESSENGERS.flags).test(text)) return true;
  return [...text.matchAll(DIGIT_RUN)].some(([run]) => isPhone(run));
}

const TLDS =
  "com|net|org|info|biz|io|me|ly|co|ru|su|рф|kz|uz|tm|ua|by|de|fr|es|uk|cn|xyz|site|online|top|shop|store|app|link|click|pro";
const LINK = new RegExp(
  `(?:https?:\\/\\/|www\\.|(?<![\\p{L}\\p{N}@.-])[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})(?![\\p{L}\\p{N}]))`,
  "u",
);

/** A link or a bare web address (site.ru, bit.ly/x): where the post sends people instead of Daywork. */
export function containsLink(post: PostText): boolean {
  return LINK.test(textOf(post));
}

// What job scammers ask for before the work, in Russian and English. "Paid training" in English means
// trainees are paid, as "оплачиваемое обучение" does; "платное обучение" (training you pay for) is the scam.
const PAYMENT = word(
  [
    "залог\\p{L}*",
    "взнос\\p{L}*",
    "предоплат\\p{L}*",
    "за оформлени\\p{L}*",
    "оплат[аиуы]\\p{L}* (?:за )?(?:обучени|стажировк|оформлени|регистраци|форм|спецодежд|униформ|медкнижк|пропуск|проезд до)\\p{L}*",
    "платн\\p{L}+ (?:обучени|стажировк|курс)\\p{L}*",
    "(?:обучени|стажировк)\\p{L}* платн\\p{L}+",
    "стоимость (?:обучени|оформлени|формы|курс)\\p{L}*",
    "(?:купить|купите|приобрести|приобретите|оплатить|оплатите) (?:\\p{L}+ )?(?:форм|спецодежд|униформ|медкнижк|пропуск|инструмент|набор|комплект)\\p{L}*",
    "(?:перевести|переведите|скинуть|скиньте) (?:[\\p{L}\\p{N}]+ ){0,3}(?:на карту|деньги|сумм)\\p{L}*",
    "регистрационн\\p{L}+ (?:сбор|плат)\\p{L}*",
    "вложени\\p{L}*",
    "deposits?",
    "(?:registration|application|processing|admin|administration|training|uniform|onboarding|joining|enrol(?:l)?ment|membership|placement) (?:fee|fees|charge|payment)s?",
    "pay (?:for )?(?:your |the |a )?(?:own )?(?:training|uniform|registration|kit|starter kit|background check|equipment|course)",
    "(?:buy|purchase) (?:your |the |a )?(?:own )?(?:uniform|kit|starter kit|equipment|training)",
    "starter kit",
    "(?:upfront|up-front|advance) (?:payment|fee)s?",
    "pay (?:upfront|up front|in advance)",
    "send (?:us )?(?:money|payment)",
    "wire transfer",
    "gift cards?",
  ].join("|"),
);
// A word just before the request that turns it around: "no deposit", "без залога", "free uniform";
// "direct deposit" is how wages are paid.
const NEGATED_BEFORE = word("no|without|free|never|zero|not|don'?t|direct|safe|без|не|нет|никак\\p{L}*|бесплатн\\p{L}*");
// Words just after it that do: "deposit not required", "залог не нужен", "обучение за счёт компании".
const NEGATED_AFTER = word(
  "not|none|free|waived|paid by (?:us|the company|the employer)|covered|не|нет|бесплатн\\p{L}*|за счет|работодател\\p{L}*",
);

/** Up to `count` words of `text` before (or after) a match, within its clause. */
function clauseWords(text: string, from: number, to: number, direction: "before" | "after", count: number): string {
  const clause = direction === "before" ? text.slice(Math.max(0, from - 60), from) : text.slice(to, to + 60);
  const parts = clause.split(/[.,;:!?\n()]/u);
  const near = (direction === "before" ? parts.at(-1) : parts[0]) ?? "";
  const words = near.trim().split(/\s+/u).filter(Boolean);
  return (direction === "before" ? words.slice(-count) : words.slice(0, count)).join(" ");
}

/**
 * A request to pay before working (deposit, fees, paid-for training, a uniform to buy, money to send),
 * unless the words around it say the opposite ("no deposit needed", "форма бесплатно").
 */
export function asksForPayment(post: PostText): boolean {
  const text = textOf(post);
  for (const match of text.matchAll(PAYMENT)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = clauseWords(text, start, end, "before", 2);
    const after = clauseWords(text, start, end, "after", 3);
    const negated =
      new RegExp(NEGATED_BEFORE.source, NEGATED_BEFORE.flags).test(before) ||
      new RegExp(NEGATED_AFTER.source, NEGATED_AFTER.flags).test(after);
    if (!negated) return true;
  }
  return false;
}

/**
 * An hourly rate far outside what day jobs pay in its currency: above RATE_OUTLIER_FACTOR times the upper
 * price edge, or below the lower edge divided by it. The edges are per currency, shared by all categories
 * (no category's pay is five times another's). No rate (negotiable) never fires.
 */
export function rateOutOfRange(post: Pick<PostToCheck, "hourlyRate" | "currency">): boolean {
  if (post.hourlyRate === null) return false;
  const [low, high] = PRICE_EDGES[post.currency];
  return post.hourlyRate > high * RATE_OUTLIER_FACTOR || post.hourlyRate < low / RATE_OUTLIER_FACTOR;
}

/** More than POSTING_BURST.posts posts in its window, this one included. */
export function postingBurst(post: Pick<PostToCheck, "recentPosts">): boolean {
  return post.recentPosts + 1 > POSTING_BURST.posts;
}

/** A post of an account younger than NEW_ACCOUNT_MS: its first posts. */
export function newAccount(post: Pick<PostToCheck, "accountCreatedAt" | "now">): boolean {
  return post.now.getTime() - post.accountCreatedAt.getTime() < NEW_ACCOUNT_MS;
}

const CHECKS: Record<HoldRule, (post: PostToCheck) => boolean> = {
  contact_details: mentionsContactDetails,
  link: containsLink,
  payment_request: asksForPayment,
  rate_out_of_range: rateOutOfRange,
  posting_burst: postingBurst,
  new_account: newAccount,
};

/** The rules an edit runs: what the post says and pays; how and by whom it was posted is checked once. */
export const EDIT_RULES: readonly HoldRule[] = ["contact_details", "link", "payment_request", "rate_out_of_range"];

/** The names of the rules `post` trips, in HOLD_RULES order (empty: it is shown at once). */
export function firedHoldRules(post: PostToCheck, rules: readonly HoldRule[] = HOLD_RULES): HoldRule[] {
  return HOLD_RULES.filter((rule) => rules.includes(rule) && CHECKS[rule](post));
}
