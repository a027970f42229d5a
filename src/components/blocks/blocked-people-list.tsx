import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Ban } from "lucide-react";

import { initialsOf } from "../../../domain/chat.ts";
import { formatDay } from "../../lib/format.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { NoticeCard } from "../layout/notice.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent } from "../ui/card.tsx";
import { useRefreshAfterBlock } from "./use-blocks.ts";

type Blocked = RouterOutputs["blocks"]["list"][number];

/** /settings/blocked: the people the caller blocked, latest first, each with Unblock. */
export function BlockedPeopleList() {
  const { data: people } = useSuspenseQuery(trpc.blocks.list.queryOptions());
  if (people.length === 0) {
    return <NoticeCard icon={<Ban aria-hidden className="size-6" />} title={m.blocks_empty()} testId="blocked-empty" />;
  }
  return (
    <ul className="grid gap-3" data-testid="blocked-people">
      {people.map((person) => (
        <BlockedRow key={person.personId} person={person} />
      ))}
    </ul>
  );
}

function BlockedRow({ person }: { person: Blocked }) {
  const refresh = useRefreshAfterBlock();
  const unblock = useMutation(
    trpc.blocks.unblock.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toastSuccess(m.blocks_unblocked_toast({ name: person.fullName }));
      },
      onError: (error) => toastError(error),
    }),
  );
  return (
    <li data-testid="blocked-person" data-person-id={person.personId}>
      <Card className="py-3">
        <CardContent className="flex flex-wrap items-center gap-3 px-4">
          <Avatar initials={initialsOf(person.fullName)} size="md" />
          <div className="min-w-0 flex-1">
            <Link
              to="/profile/$profileId"
              params={{ profileId: person.personId }}
              className="font-medium break-words hover:underline"
            >
              <bdi>{person.fullName}</bdi>
            </Link>
            <p className="text-sm text-muted-foreground">{m.blocks_since({ date: formatDay(person.blockedAt) })}</p>
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={unblock.isPending}
            onClick={() => unblock.mutate({ personId: person.personId })}
            data-testid="unblock-person"
          >
            {m.blocks_unblock()}
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}
