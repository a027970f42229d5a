import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { trpc } from "../../trpc.ts";

/**
 * On the owner's applications page: what it shows is seen, so /my-jobs stops marking it new. Told to
 * the server when the page opens and again when more applications arrive while it is open.
 */
export function useApplicationsSeen(jobId: string, shown: number): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.jobs.markApplicationsSeen.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.jobs.mine.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.jobs.mineSummary.pathKey() }),
        ]),
    }),
  );
  useEffect(() => {
    mutate({ jobId });
  }, [jobId, shown, mutate]);
}
