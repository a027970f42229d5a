import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Bell, Mail, type LucideIcon } from "lucide-react";

import { useMe } from "../../lib/session.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Card, CardContent } from "../ui/card.tsx";
import { PushDeviceStatus, usePushDevice } from "./push-device-status.tsx";
import { ToggleRow } from "./toggle-row.tsx";

type Channels = { email: boolean; push: boolean };

const CHANNELS: { channel: keyof Channels; icon: LucideIcon; label: () => string; hint: () => string }[] = [
  { channel: "email", icon: Mail, label: () => m.notifications_email(), hint: () => m.notifications_email_hint() },
  { channel: "push", icon: Bell, label: () => m.notifications_push(), hint: () => m.notifications_push_hint() },
];

/**
 * E-mail and push, saved the moment they change. The switch moves at once (the cached profile is
 * updated optimistically) and moves back if saving fails. The push switch is the account's wish; it
 * also turns push on or off in this browser (asking permission on that click), and a status line says
 * what this browser does (docs/decisions/019). In a browser without push, or with notifications
 * blocked, the switch still saves the wish for the person's other devices.
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
      me?.profile
        ? { ...me, profile: { ...me.profile, notificationEmail: channels.email, notificationPush: channels.push } }
        : me,
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
  const device = usePushDevice(channels.push);
  const change = (patch: Partial<Channels>) => {
    save.mutate({ ...current(), ...patch });
    // Straight from the click: the browser asks for permission only during one.
    if (patch.push === true) void device.enable();
    if (patch.push === false) void device.disable();
  };

  return (
    <Card className="py-2" data-testid="notification-settings">
      <CardContent className="grid divide-y">
        {CHANNELS.map(({ channel, icon, label, hint }) => (
          <ToggleRow
            key={channel}
            id={`notifications-${channel}`}
            icon={icon}
            label={label()}
            hint={hint()}
            checked={channels[channel]}
            onChange={(on) => change({ [channel]: on })}
            disabled={channel === "push" && device.busy}
            details={
              channel === "push" ? (
                <PushDeviceStatus id={`notifications-${channel}-details`} device={device} wanted={channels.push} />
              ) : undefined
            }
          />
        ))}
      </CardContent>
    </Card>
  );
}
