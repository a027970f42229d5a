import { useQuery } from "@tanstack/react-query";

import type { UserType } from "../../../domain/user-types.ts";
import { trpc } from "../../trpc.ts";
import { FavouriteButton } from "./favourite-button.tsx";
import { FollowEmployer } from "./follow-button.tsx";
import { InviteButton } from "./invite-dialog.tsx";

/**
 * A public profile's rehiring actions: on an employer's, the followers count and Follow; on a worker's,
 * for another signed-in person, Favourite and "Invite to a job".
 */
export function ProfileRehiring({ personId, userType, name }: { personId: string; userType: UserType; name: string }) {
  if (userType === "employer") return <FollowEmployer employerId={personId} />;
  return <WorkerActions workerId={personId} name={name} />;
}

function WorkerActions({ workerId, name }: { workerId: string; name: string }) {
  const links = useQuery(trpc.rehiring.personLinks.queryOptions({ personId: workerId }));
  const favourite = links.data?.favourite;
  if (favourite === null || favourite === undefined) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="worker-rehiring">
      <FavouriteButton workerId={workerId} favourite={favourite} />
      <InviteButton workerId={workerId} workerName={name} />
    </div>
  );
}
