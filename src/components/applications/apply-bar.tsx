import { useQuery } from "@tanstack/react-query";
import { Handshake, MessageSquare } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";

import { cn } from "../../lib/cn.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { SendIcon } from "../forms/send-icon.tsx";
import type { JobDetails, Me } from "../jobs/job-types.ts";
import { INVITATION_CARD_ID } from "../rehiring/invitation-card.tsx";
import { Button } from "../ui/button.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { APPLY_CARD_ID } from "./apply-card.tsx";

/** Whether the card `cardId` is on screen now (then the bar steps aside: the card's own button is in view). */
function useCardInView(cardId: string, watchKey: string): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const card = document.getElementById(cardId);
    if (!card || !("IntersectionObserver" in window)) return;
    // Half of it above the two bottom bars (the tab bar and this one, 128 px together) counts as in view.
    const observer = new IntersectionObserver(([entry]) => setInView((entry?.intersectionRatio ?? 0) >= 0.5), {
      rootMargin: "0px 0px -128px 0px",
      threshold: [0, 0.25, 0.5, 0.75, 1],
    });
    observer.observe(card);
    return () => observer.disconnect();
  }, [cardId, watchKey]);
  return inView;
}

/** Brings a card into view and its first field or button into focus (the apply form's message is optional: Send applies). */
function goToCard(cardId: string) {
  const card = document.getElementById(cardId);
  if (!card) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  card.scrollIntoView({ behavior: smooth ? "smooth" : "auto", block: "center" });
  card.querySelector<HTMLElement>("textarea, button")?.focus({ preventScroll: true });
}

/**
 * Phones: the job page's main action kept at the bottom of the screen, above the tab bar, while the
 * apply card (further down, below the job's facts) is out of sight. It does what the card does, never
 * more: a visitor's Apply Now signs in, a half-onboarded account's goes to onboarding, a worker's
 * (Apply again after withdrawing) brings the card's form up (the card applies), an invited worker's
 * brings up the invitation (its card accepts), a hired worker opens the job's chat. The owner, and
 * anyone the card shows no action to, get no bar.
 */
export function ApplyBar({ job, me }: { job: JobDetails; me: Me | undefined }) {
  const isOpen = job.status === "open";
  const isWorker = Boolean(
    me?.profile?.onboardingCompletedAt && me.profile.userType === "worker" && me.user.id !== job.employerId,
  );
  // The card reads the same query: one request for both.
  const mine = useQuery({ ...trpc.applications.mine.queryOptions({ jobId: job.id }), enabled: isWorker });
  const status = isWorker ? mine.data?.status : undefined;
  // The invitation card reads the same query (docs/decisions/036): an invited worker's action is to answer it.
  const invitation = useQuery({ ...trpc.rehiring.forJob.queryOptions({ jobId: job.id }), enabled: isWorker });
  const invited = Boolean(invitation.data) && status !== "accepted";
  const cardInView = useCardInView(
    invited ? INVITATION_CARD_ID : APPLY_CARD_ID,
    `${job.id}:${job.status}:${status ?? ""}:${invited}`,
  );

  let action: ReactNode = null;
  if (me === null && isOpen) {
    action = (
      <LinkButton to="/auth" search={{ redirect: `/jobs/${job.id}` }} size="lg" className="w-full" data-testid="apply-bar-button">
        <SendIcon />
        {m.apply_now()}
      </LinkButton>
    );
  } else if (me && !me.profile?.onboardingCompletedAt && isOpen) {
    action = (
      <LinkButton to="/onboarding" size="lg" className="w-full" data-testid="apply-bar-button">
        <SendIcon />
        {m.apply_now()}
      </LinkButton>
    );
  } else if (invited) {
    action = (
      <Button
        type="button"
        size="lg"
        className="w-full"
        onClick={() => goToCard(INVITATION_CARD_ID)}
        data-testid="apply-bar-invitation"
      >
        <Handshake aria-hidden />
        {m.rehiring_invited_title()}
      </Button>
    );
  } else if ((status === "none" || status === "withdrawn") && isOpen) {
    action = (
      <Button type="button" size="lg" className="w-full" onClick={() => goToCard(APPLY_CARD_ID)} data-testid="apply-bar-button">
        <SendIcon />
        {status === "withdrawn" ? m.apply_again() : m.apply_now()}
      </Button>
    );
  } else if (status === "accepted") {
    action = (
      <LinkButton to="/jobs/$jobId/chat" params={{ jobId: job.id }} size="lg" className="w-full" data-testid="apply-bar-chat">
        <MessageSquare aria-hidden />
        {m.apply_open_chat()}
      </LinkButton>
    );
  }
  if (!action) return null;
  return (
    <>
      {/* Room for the bar at the page's end, so it never covers the last lines. */}
      <div aria-hidden className="h-18 md:hidden" />
      <div
        data-testid="apply-bar"
        data-hidden={cardInView}
        inert={cardInView}
        className={cn(
          "fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-30 border-t bg-background/95 px-4 py-2.5 backdrop-blur transition-[translate,opacity] duration-200 md:hidden",
          cardInView && "pointer-events-none translate-y-full opacity-0",
        )}
      >
        {action}
      </div>
    </>
  );
}
