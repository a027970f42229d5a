import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Bell, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { useMe } from "../../lib/session";
import { toastError } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { Card, CardContent } from "../ui/card";
import { Label } from "../ui/label";
import { Switch } from "../ui/switch";

type Channels = { email: boolean; push: boolean };

function ToggleRow({
  id,
  icon,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  icon: ReactNode;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-3 py-3">
      <span className="text-muted-foreground">{icon}</span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} data-testid={id} />
    </div>
  );
}

/**
 * E-mail and push, saved the moment they change. The switch moves at once (the cached profile is
 * updated optimistically) and moves back if saving fails.
 */
export function NotificationToggles({ initial }: { initial: Channels }) {
  const queryClient = useQueryClient();
  const meKey = trpc.profiles.me.queryKey();
  const current = (): Channels => {
    const profile = queryClient.getQueryData(meKey)?.profile;
    return profile ? { email: profile.notificationEmail, push: profile.notificationPush } : initial;
  };
  const write = (channels: Channels) =>
    queryClient.setQueryData(meKey, (me) =>
      me?.profile ? { ...me, profile: { ...me.profile, notificationEmail: channels.email, notificationPush: channels.push } } : me,
    );

  const save = useMutation(
    trpc.profiles.setNotifications.mutationOptions({
      onMutate: async (next) => {
        await queryClient.cancelQueries({ queryKey: meKey });
        const previous = current();
        write(next);
        return { previous };
      },
      onError: (error, _next, context) => {
        if (context) write(context.previous);
        toastError(error, m.notifications_update_failed());
      },
      onSuccess: (saved) => write(saved),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.privacy.status.queryKey() }),
    }),
  );

  const profile = useMe().data?.profile;
  const channels = profile ? { email: profile.notificationEmail, push: profile.notificationPush } : initial;
  const change = (patch: Partial<Channels>) => save.mutate({ ...current(), ...patch });

  return (
    <Card className="py-2" data-testid="notification-settings">
      <CardContent className="grid divide-y">
        <ToggleRow
          id="notifications-email"
          icon={<Mail aria-hidden className="size-5" />}
          label={m.notifications_email()}
          hint={m.notifications_email_hint()}
          checked={channels.email}
          onChange={(email) => change({ email })}
        />
        <ToggleRow
          id="notifications-push"
          icon={<Bell aria-hidden className="size-5" />}
          label={m.notifications_push()}
          hint={m.notifications_push_hint()}
          checked={channels.push}
          onChange={(push) => change({ push })}
        />
      </CardContent>
    </Card>
  );
}
