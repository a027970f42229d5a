import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Handshake } from "lucide-react";

import { formatDate } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

/**
 * My jobs: the invitations waiting for the person's answer, newest first, each opening its job page
 * (where Accept and Decline are). Nothing when there are none.
 */
export function MyInvitations() {
  const invitations = useQuery(trpc.rehiring.mine.queryOptions());
  const items = invitations.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className="grid gap-3 rounded-lg border border-primary/40 bg-card p-4" data-testid="my-invitations">
      <h2 className="flex items-center gap-2 font-semibold">
        <Handshake aria-hidden className="size-5 text-primary" />
        {m.rehiring_my_invitations_title({ count: items.length })}
      </h2>
      <ul className="grid gap-2">
        {items.map((invitation) => (
          <li key={invitation.id}>
            <Link
              to="/jobs/$jobId"
              params={{ jobId: invitation.jobId }}
              className="grid rounded-md border p-3 hover:bg-accent"
              data-testid="my-invitation"
            >
              <span className="font-medium break-words" dir="auto">
                {invitation.title}
              </span>
              <span className="text-sm text-muted-foreground">
                <span dir="auto">{invitation.employerName}</span>
                {" · "}
                {formatDate(invitation.startDate)}
                {invitation.cityName && (
                  <>
                    {" · "}
                    <span dir="auto">{invitation.cityName}</span>
                  </>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
