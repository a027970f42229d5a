import { useQuery } from "@tanstack/react-query";
import { Handshake } from "lucide-react";

import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { JobLinkList } from "./job-link-list.tsx";

/**
 * My jobs: the invitations waiting for the person's answer, newest first, each opening its job page
 * (where Accept and Decline are). Nothing when there are none.
 */
export function MyInvitations() {
  const invitations = useQuery(trpc.rehiring.mine.queryOptions());
  const items = invitations.data ?? [];
  if (items.length === 0) return null;
  return (
    <JobLinkList
      heading={m.rehiring_my_invitations_title({ count: items.length })}
      icon={<Handshake aria-hidden className="size-5 text-primary" />}
      jobs={items.map((invitation) => ({ ...invitation, key: invitation.id }))}
      testId="my-invitations"
      itemTestId="my-invitation"
      className="border-primary/40"
    />
  );
}
