import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";

import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { AddInterestDialog } from "./add-interest-dialog.tsx";

/** The worker's own interests: tap a tag to remove it, the dialog adds one. */
export function InterestsCard() {
  const queryClient = useQueryClient();
  const interests = useQuery(trpc.profiles.interests.queryOptions());
  const remove = useMutation(
    trpc.profiles.removeInterest.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.profiles.interests.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.profiles.public.queryKey() });
        toastSuccess(m.profile_interest_removed());
      },
      onError: (e) => toastError(e),
    }),
  );
  const items = interests.data ?? [];

  return (
    <Card data-testid="interests-card">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <CardHeading>{m.profile_interests_title()}</CardHeading>
          {items.length > 0 && <CardDescription>{m.profile_interests_hint()}</CardDescription>}
        </div>
        <AddInterestDialog existing={items.map((i) => i.interest)} />
      </CardHeader>
      <CardContent>
        {interests.isPending ? (
          <div className="flex gap-2" aria-busy="true">
            <Skeleton className="h-7 w-20 rounded-full" />
            <Skeleton className="h-7 w-24 rounded-full" />
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.profile_interests_empty()}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="interest-list">
            {items.map((item) => (
              <li key={item.id}>
                <Badge asChild variant="secondary" className="h-8 gap-1.5 ps-3 pe-2 text-sm">
                  <button
                    type="button"
                    aria-label={m.profile_interest_remove({ interest: item.interest })}
                    disabled={remove.isPending && remove.variables?.id === item.id}
                    onClick={() => remove.mutate({ id: item.id })}
                    className="cursor-pointer transition-colors hover:bg-destructive/10 hover:text-destructive disabled:opacity-50"
                    data-testid="interest-tag"
                  >
                    <bdi>#{item.interest}</bdi>
                    <X aria-hidden className="size-3.5" />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
