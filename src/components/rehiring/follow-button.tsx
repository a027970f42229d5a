import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellPlus, BellRing } from "lucide-react";

import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";

/**
 * An employer's followers count and, for a signed-in person who is someone else, Follow / Following
 * (docs/decisions/036). Nothing for a profile that is not an employer's.
 */
export function FollowEmployer({ employerId }: { employerId: string }) {
  const queryClient = useQueryClient();
  const links = useQuery(trpc.rehiring.personLinks.queryOptions({ personId: employerId }));
  const options = {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.rehiring.pathKey() }),
    onError: (error: unknown) => toastError(error),
  };
  const follow = useMutation(trpc.rehiring.follow.mutationOptions(options));
  const unfollow = useMutation(trpc.rehiring.unfollow.mutationOptions(options));
  const data = links.data;
  if (!data || data.followers === null) return null;
  const following = data.following === true;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="follow-employer">
      <span className="text-sm text-muted-foreground" data-testid="followers-count" data-count={data.followers}>
        {m.rehiring_followers({ count: data.followers })}
      </span>
      {data.following !== null && (
        <Button
          type="button"
          size="sm"
          variant={following ? "outline" : "default"}
          aria-pressed={following}
          disabled={follow.isPending || unfollow.isPending}
          onClick={() => (following ? unfollow.mutate({ employerId }) : follow.mutate({ employerId }))}
          data-testid="follow-toggle"
          data-following={following}
        >
          {following ? <BellRing aria-hidden /> : <BellPlus aria-hidden />}
          {following ? m.rehiring_following() : m.rehiring_follow()}
        </Button>
      )}
    </div>
  );
}
