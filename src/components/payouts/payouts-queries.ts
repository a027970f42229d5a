import type { QueryClient } from "@tanstack/react-query";

import { trpc } from "../../trpc.ts";

/** After any change on /payouts: the money, the methods, the settings and the history read again. */
export function refreshPayouts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: trpc.payouts.overview.queryKey() });
  void queryClient.invalidateQueries({ queryKey: trpc.payouts.history.queryKey() });
}
