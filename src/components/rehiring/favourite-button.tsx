import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Heart } from "lucide-react";

import { cn } from "../../lib/cn.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";

/** Marks or unmarks a worker as one of the caller's favourites (private to the caller), in one tap. */
export function FavouriteButton({
  workerId,
  favourite,
  size = "sm",
}: {
  workerId: string;
  favourite: boolean;
  size?: "sm" | "default";
}) {
  const queryClient = useQueryClient();
  const options = {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.rehiring.pathKey() }),
    onError: (error: unknown) => toastError(error),
  };
  const mark = useMutation(trpc.rehiring.favourite.mutationOptions(options));
  const unmark = useMutation(trpc.rehiring.unfavourite.mutationOptions(options));
  const pending = mark.isPending || unmark.isPending;
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      aria-pressed={favourite}
      disabled={pending}
      onClick={() => (favourite ? unmark.mutate({ workerId }) : mark.mutate({ workerId }))}
      data-testid="favourite-toggle"
      data-favourite={favourite}
    >
      <Heart aria-hidden className={cn(favourite && "fill-current text-primary")} />
      {favourite ? m.rehiring_favourite_marked() : m.rehiring_favourite_mark()}
    </Button>
  );
}
