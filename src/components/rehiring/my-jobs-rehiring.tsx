import { Heart } from "lucide-react";

import { m } from "../../paraglide/messages.js";
import { LinkButton } from "../ui/link-button.tsx";
import { MyInvitations } from "./my-invitations.tsx";

/** My jobs' rehiring: the invitations waiting for an answer, and (posted view) the favourite workers. */
export function MyJobsRehiring({ posted }: { posted: boolean }) {
  return (
    <>
      <MyInvitations />
      {posted && (
        <LinkButton to="/favourites" variant="outline" size="wrap" className="justify-self-start" data-testid="open-favourites">
          <Heart aria-hidden />
          {m.rehiring_favourites_title()}
        </LinkButton>
      )}
    </>
  );
}
