import { lazy, Suspense } from "react";

import { useMe } from "../../lib/session.ts";

// Its own chunk: the home page's first load carries only this slot (docs/decisions/036).
const FollowedJobs = lazy(() => import("./followed-jobs.tsx"));

/** Where "New from employers you follow" goes on the home page: for a signed-in worker only. */
export function FollowedJobsSlot() {
  const me = useMe();
  if (me.data?.profile?.userType !== "worker") return null;
  return (
    <Suspense fallback={null}>
      <FollowedJobs />
    </Suspense>
  );
}
