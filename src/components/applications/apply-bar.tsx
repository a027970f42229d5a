import { useQuery } from "@tanstack/react-query";
import { Handshake, LogIn, LogOut, MessageSquare } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";

import { takesApplications } from "../../../domain/job-clock.ts";
import { cn } from "../../lib/cn.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { SendIcon } from "../forms/send-icon.tsx";
import { APPLY_CARD_ID, INVITATION_CARD_ID, SHIFT_CARD_ID } from "../jobs/job-page-anchors.ts";
import type { JobDetails, Me } from "../jobs/job-types.ts";
import { shiftDay } from "../shifts/shift-helpers.ts";
import { Button } from "../ui/button.tsx";
import { LinkButton } from "../ui/link-button.tsx";

/**
 * Whether the card `cardId` is on screen, so the bar steps aside; the element is followed as the page changes,
 * since the card may mount after the bar or re-mount as its code and data arrive.
 */
function useCardInView(cardId: string): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!("IntersectionObserver" in window)) return;
    // Half of it above the two bottom bars (the tab bar and this one, 128 px together) counts as in view.
    const visibility = new IntersectionObserver(([entry]) => setInView((entry?.intersectionRatio ?? 0) >= 0.5), {
      rootMargin: "0px 0px -128px 0px",
      threshold: [0, 0.25, 0.5, 0.75, 1],
    });
    let watched: HTMLElement | null = null;
    const follow = () => {
      const card = document.getElementById(cardId);
      if (card === watched) return;
      if (watched) visibility.unobserve(watched);
      watched = card;
      if (card) visibility.observe(card);
      else setInView(false);
    };
    follow();
    const changes = new MutationObserver(follow);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      visibility.disconnect();
    };
  }, [cardId]);
  return inView;
}

/**
 * The card's first field or button (the apply form's message is optional: Send applies); on the shift
 * card, the code's field.
 */
const firstControl = (cardId: string) =>
  document.getElementById(cardId)?.querySelector<HTMLElement>(cardId === SHIFT_CARD_ID ? "input, button" : "textarea, button") ??
  null;

/**
 * Brings a card into view and its first field or button into focus. A card whose code or data is
 * still on its way (a worker's apply form loads on its own) gets the focus when its controls arrive,
 * unless the reader has put the focus somewhere meanwhile.
 */
function goToCard(cardId: string) {
  const card = document.getElementById(cardId);
  if (!card) return;
  const behavior = window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  card.scrollIntoView({ behavior, block: "center" });
  const control = firstControl(cardId);
  if (control) {
    control.focus({ preventScroll: true });
    return;
  }
  const tapped = document.activeElement;
  const arrival = new MutationObserver(() => {
    const arrived = firstControl(cardId);
    if (!arrived) return;
    stop();
    const focus = document.activeElement;
    if (focus !== tapped && focus !== document.body) return;
    document.getElementById(cardId)?.scrollIntoView({ behavior, block: "center" });
    arrived.focus({ preventScroll: true });
  });
  const giveUp = window.setTimeout(() => stop(), 10_000);
  const stop = () => {
    arrival.disconnect();
    window.clearTimeout(giveUp);
  };
  arrival.observe(document.body, { childList: true, subtree: true });
}

/**
 * Phones: the apply card's main action pinned above the tab bar while the card is out of sight. It only ever
 * does what the card would do (docs/decisions/029, 047).
 */
export function ApplyBar({ job, me }: { job: JobDetails; me: Me | undefined }) {
  const isOpen = takesApplications(job);
  const isWorker = Boolean(
    me?.profile?.onboardingCompletedAt && me.profile.userType === "worker" && me.user.id !== job.employerId,
  );
  // The card reads the same query: one request for both.
  const mine = useQuery({ ...trpc.applications.mine.queryOptions({ jobId: job.id }), enabled: isWorker });
  const status = isWorker ? mine.data?.status : undefined;
  // The invitation card reads the same query (docs/decisions/036): an invited worker's action is to answer it.
  const invitation = useQuery({ ...trpc.rehiring.forJob.queryOptions({ jobId: job.id }), enabled: isWorker });
  const invited = Boolean(invitation.data) && status !== "accepted";
  // The shift card reads the same query: a hired worker's action on a shift day is to check in or out.
  const attendance = useQuery({
    ...trpc.attendance.mine.queryOptions({ jobId: job.id }),
    retry: false,
    // As the shift card asks it: a cancelled job has no shifts to check in to.
    enabled: status === "accepted" && job.status !== "cancelled",
  });
  const shiftAction = status === "accepted" && attendance.data ? (shiftDay(attendance.data)?.action ?? null) : null;
  const cardInView = useCardInView(invited ? INVITATION_CARD_ID : shiftAction ? SHIFT_CARD_ID : APPLY_CARD_ID);

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
  } else if (shiftAction) {
    action = (
      <Button
        type="button"
        size="lg"
        className="w-full"
        onClick={() => goToCard(SHIFT_CARD_ID)}
        data-testid="apply-bar-shift"
        data-action={shiftAction}
      >
        {shiftAction === "in" ? <LogIn aria-hidden /> : <LogOut aria-hidden />}
        {shiftAction === "in" ? m.shift_check_in() : m.shift_check_out()}
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
