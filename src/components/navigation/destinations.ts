import {
  Bell,
  BriefcaseBusiness,
  ClipboardList,
  LogIn,
  MessageSquare,
  ShieldCheck,
  SquarePlus,
  UserRound,
  UserRoundPen,
  type LucideIcon,
} from "lucide-react";

import type { UserType } from "../../../domain/user-types.ts";
import { m } from "../../paraglide/messages.js";

/** The places the header (wide screens) and the tab bar (phones) lead to. */
export type DestinationId =
  "jobs" | "my-jobs" | "chats" | "notifications" | "profile" | "post-job" | "sign-in" | "onboarding" | "privacy";

export type Destination = {
  id: DestinationId;
  to: "/" | "/my-jobs" | "/chats" | "/notifications" | "/profile" | "/auth" | "/onboarding" | "/settings/privacy";
  /** The page's search, when the destination is a page in a given state (Sign Up towards the job form). */
  search?: { tab: "sign-up"; redirect: string };
  icon: LucideIcon;
  /** Its name; My jobs is named for the reader's account type ("Мои вакансии", "Мои отклики"). */
  label: (userType?: UserType) => string;
  /** The badge's count comes from this query (useNavCounts). */
  counts?: "chats" | "notifications";
};

/** A visitor's way to the job form: Sign Up, then onboarding, then the form (docs/decisions/053). */
export const POST_JOB_SIGN_UP = { tab: "sign-up", redirect: "/post-job" } as const;

const JOBS: Destination = { id: "jobs", to: "/", icon: BriefcaseBusiness, label: () => m.nav_jobs() };

const ALL = {
  member: [
    JOBS,
    {
      id: "my-jobs",
      to: "/my-jobs",
      icon: ClipboardList,
      label: (userType) => (userType === "worker" ? m.nav_my_jobs_worker() : m.nav_my_jobs()),
    },
    { id: "chats", to: "/chats", icon: MessageSquare, label: () => m.nav_chats(), counts: "chats" },
    { id: "notifications", to: "/notifications", icon: Bell, label: () => m.nav_notifications(), counts: "notifications" },
    // The tab's own short name ("حسابي" where the header says "الملف الشخصي").
    { id: "profile", to: "/profile", icon: UserRound, label: () => m.nav_tab_profile() },
  ],
  // Signed up, onboarding pending: the marketplace waits for it, privacy rights never do (docs/decisions/012).
  onboarding: [
    JOBS,
    { id: "onboarding", to: "/onboarding", icon: UserRoundPen, label: () => m.nav_finish_setup() },
    { id: "privacy", to: "/settings/privacy", icon: ShieldCheck, label: () => m.nav_privacy() },
  ],
  // The employer's way in: the job form, reached through Sign Up (docs/decisions/053).
  visitor: [
    JOBS,
    { id: "post-job", to: "/auth", search: POST_JOB_SIGN_UP, icon: SquarePlus, label: () => m.nav_tab_post_job() },
    { id: "sign-in", to: "/auth", icon: LogIn, label: () => m.nav_sign_in() },
  ],
  // Not known yet (the first answer of profiles.me is on its way): only what everyone has.
  unknown: [JOBS],
} satisfies Record<string, Destination[]>;

export type Audience = keyof typeof ALL;

/** Who is reading, as far as navigation cares. */
export function audienceOf(me: { profile: { onboardingCompletedAt: unknown } | null } | null | undefined): Audience {
  if (me === undefined) return "unknown";
  if (me === null) return "visitor";
  return me.profile?.onboardingCompletedAt ? "member" : "onboarding";
}

export function destinationsFor(audience: Audience): readonly Destination[] {
  return ALL[audience];
}

const JOB = "/jobs/[^/]+";

/** Which destination a page belongs to: a job page to Jobs, its applications to My jobs, its chat to Chats. */
const SECTIONS: [DestinationId, RegExp][] = [
  ["jobs", new RegExp(`^/$|^${JOB}/?$`)],
  ["my-jobs", new RegExp(`^/my-jobs|^/post-job|^${JOB}/(applications|edit)`)],
  ["chats", new RegExp(`^/chats|^${JOB}/chat`)],
  ["notifications", /^\/notifications/],
  ["privacy", /^\/settings\/privacy/],
  ["profile", /^\/profile$|^\/settings/],
  ["sign-in", /^\/auth/],
  ["onboarding", /^\/onboarding/],
];

/** Of `destinations`, the one whose section `pathname` is in, if any. */
export function sectionOf(pathname: string, destinations: readonly Destination[]): DestinationId | null {
  const shown = new Set(destinations.map((d) => d.id));
  return SECTIONS.find(([id, pattern]) => shown.has(id) && pattern.test(pathname))?.[0] ?? null;
}

/**
 * aria-current for a destination's link: "page" on the destination itself, "true" elsewhere in its
 * section (a job page under Jobs), nothing outside it.
 */
export function currentFor(destination: Destination, pathname: string, section: DestinationId | null) {
  if (destination.search) return undefined;
  if (pathname === destination.to) return "page" as const;
  return section === destination.id ? ("true" as const) : undefined;
}

/** Conversations fill the screen above their composer: the tab bar steps aside there, as in messaging apps. */
export function hidesTabBar(pathname: string): boolean {
  return new RegExp(`^/chats/[^/]+|^${JOB}/chat`).test(pathname);
}
