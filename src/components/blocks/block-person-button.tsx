import { useMutation } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { useState } from "react";

import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { ConfirmDialog } from "../forms/confirm-dialog.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { useBlockedByMe, useRefreshAfterBlock } from "./use-blocks.ts";

/**
 * "Block" for a signed-in member looking at another person (their profile, a private conversation's
 * header), asked first in a dialog (docs/decisions/068). Once blocked, says so with a link to the
 * settings page where it is undone. Nothing for visitors, for oneself, or until the list is read.
 * `compact`: an icon button for a crowded header, and nothing once blocked (the composer says it).
 */
export function BlockPerson({ personId, name, compact = false }: { personId: string; name: string; compact?: boolean }) {
  const { member, ready, blocked } = useBlockedByMe(personId);
  const [open, setOpen] = useState(false);
  const refresh = useRefreshAfterBlock();
  const block = useMutation(
    trpc.blocks.block.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setOpen(false);
        toastSuccess(m.blocks_blocked_toast({ name }));
      },
      onError: (error) => toastError(error),
    }),
  );
  if (!member || !ready) return null;
  if (blocked && compact) return null;
  if (blocked) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground" data-testid="blocked-by-me">
        <span>{m.blocks_you_blocked()}</span>
        <LinkButton to="/settings/blocked" variant="link" size="sm" className="h-auto p-0" data-testid="blocked-manage-link">
          {m.blocks_title()}
        </LinkButton>
      </p>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        compact ? (
          <IconButton type="button" label={m.blocks_block()} data-testid="block-person">
            <Ban aria-hidden />
          </IconButton>
        ) : (
          <Button type="button" variant="outline" size="sm" className="justify-self-start" data-testid="block-person">
            <Ban aria-hidden />
            {m.blocks_block()}
          </Button>
        )
      }
      title={m.blocks_confirm_title({ name })}
      description={m.blocks_confirm_body()}
      labels={{ cancel: m.blocks_cancel(), confirm: m.blocks_block(), pending: m.blocks_blocking() }}
      pending={block.isPending}
      onConfirm={() => block.mutate({ personId })}
      testIds={{ dialog: "block-dialog", cancel: "block-cancel", confirm: "block-confirm" }}
    />
  );
}
