import { useEffect, useRef, useState } from "react";

import {
  existingDeviceSubscription,
  pushDeviceState,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushDeviceState,
} from "../../lib/push-device.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpcClient } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";

export type PushDevice = {
  /** This browser's state; null while it is being read. */
  state: PushDeviceState | null;
  /** Turning on or off is under way. */
  busy: boolean;
  /** Asks permission and subscribes this browser; call from the click that turned push on. */
  enable(): Promise<void>;
  /** Unsubscribes this browser. */
  disable(): Promise<void>;
};

const stateNow = () => pushDeviceState().catch((): PushDeviceState => "unsupported");
const publicKey = async () => (await trpcClient.push.publicKey.query()).publicKey;

/**
 * Push on this browser, beside the account's push switch. `wanted` is the saved switch when the page
 * opens: if it is on and this browser is subscribed, the subscription is sent again, so the server has
 * it for this account (it may have dropped it, or the device was last used by someone else). A
 * subscription made for another server key counts as off.
 */
export function usePushDevice(wanted: boolean): PushDevice {
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const wantedAtOpen = useRef(wanted);

  useEffect(() => {
    let live = true;
    void (async () => {
      const now = await stateNow();
      if (live) setState(now);
      if (now !== "on") return;
      const existing = await existingDeviceSubscription(await publicKey());
      // Made for keys the server no longer has: as good as none; turning on replaces it.
      if (!existing && live) setState("off");
      if (existing && wantedAtOpen.current) await trpcClient.push.subscribe.mutate(existing);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const enable = async () => {
    setBusy(true);
    try {
      const result = await subscribeThisDevice(publicKey);
      if ("subscription" in result) {
        // A subscription the server does not know would look "on" here and receive nothing.
        await trpcClient.push.subscribe.mutate(result.subscription).catch(async (error: unknown) => {
          await result.undo().catch(() => undefined);
          throw error;
        });
      }
      setState(result.state);
    } catch (error) {
      toastError(error, m.push_enable_failed());
      setState(await stateNow());
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    try {
      const endpoint = await unsubscribeThisDevice();
      // If this call fails the server keeps a dead endpoint: nothing is sent with the switch off, and
      // the push service answers "gone" for it later, which removes it.
      if (endpoint) await trpcClient.push.unsubscribe.mutate({ endpoint });
    } catch {
      // The switch is saved off either way.
    } finally {
      setState(await stateNow());
      setBusy(false);
    }
  };

  return { state, busy, enable, disable };
}

function statusText(device: PushDevice, wanted: boolean): string {
  if (device.busy) return m.push_status_working();
  switch (device.state) {
    case null:
      return "";
    case "unsupported":
      return m.push_status_unsupported();
    case "denied":
      return m.push_status_blocked();
    case "on":
      return wanted ? m.push_status_on_here() : "";
    case "off":
      return wanted ? m.push_status_off_here() : "";
  }
}

/**
 * What push does in this browser, read out as it changes (a live status line), and the button that
 * turns it on here when the account wants push but this browser is not subscribed yet (a new device,
 * or after signing out). Permission is asked only from that click or the switch.
 */
export function PushDeviceStatus({ id, device, wanted }: { id: string; device: PushDevice; wanted: boolean }) {
  const offerHere = wanted && device.state === "off" && !device.busy;
  return (
    <div className="grid justify-items-start gap-2">
      <p id={id} role="status" className="text-sm text-muted-foreground" data-testid="push-device-status">
        {statusText(device, wanted)}
      </p>
      {offerHere && (
        <Button type="button" size="sm" variant="outline" onClick={() => void device.enable()} data-testid="push-enable-here">
          {m.push_enable_here()}
        </Button>
      )}
    </div>
  );
}
