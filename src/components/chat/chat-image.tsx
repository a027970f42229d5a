import { ImageOff } from "lucide-react";
import { useState } from "react";

import { m } from "../../paraglide/messages.js";
import { trpcClient } from "../../trpc.ts";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "../ui/dialog.tsx";
import { Spinner } from "../ui/spinner.tsx";

type Phase = "shown" | "refreshing" | "failed";

/**
 * A message's image. Its signed link expires after an hour: when it fails to load, a fresh one is asked
 * for once (chat.imageUrl); if that fails too, 'Failed to generate image URL' stands in its place.
 * A tap opens it at full size. Remount with `key={url}` when the message brings a new link.
 */
export function ChatImage({ messageId, url, alt, onLoad }: { messageId: number; url: string; alt: string; onLoad?: () => void }) {
  const [src, setSrc] = useState(url);
  const [phase, setPhase] = useState<Phase>("shown");
  const [refreshed, setRefreshed] = useState(false);

  const refresh = () => {
    if (refreshed) {
      setPhase("failed");
      return;
    }
    setRefreshed(true);
    setPhase("refreshing");
    trpcClient.chat.imageUrl
      .query({ messageId })
      .then((fresh) => {
        setSrc(fresh.url);
        setPhase("shown");
      })
      .catch(() => setPhase("failed"));
  };

  if (phase === "failed") {
    return (
      <p
        className="flex items-center gap-2 rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground"
        data-testid="chat-image-failed"
      >
        <ImageOff aria-hidden className="size-4 shrink-0" />
        {m.chat_image_url_failed()}
      </p>
    );
  }
  if (phase === "refreshing") {
    return (
      <span className="grid h-40 w-56 max-w-full place-items-center rounded-lg bg-muted/60">
        <Spinner label={m.common_loading()} />
      </span>
    );
  }
  return (
    <Dialog>
      <DialogTrigger
        className="block overflow-hidden rounded-lg outline-hidden focus-visible:ring-[3px] focus-visible:ring-ring/40"
        aria-label={m.chat_open_image()}
        title={m.chat_open_image()}
      >
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={refresh}
          onLoad={onLoad}
          className="block max-h-72 w-auto max-w-full min-w-24 bg-muted/40 object-contain"
          data-testid="chat-message-image"
        />
      </DialogTrigger>
      <DialogContent
        closeLabel={m.common_close()}
        aria-describedby={undefined}
        className="max-w-[min(64rem,calc(100%-2rem))] p-2 sm:p-3"
        data-testid="chat-image-dialog"
      >
        <DialogTitle className="sr-only">{alt}</DialogTitle>
        <img
          src={src}
          alt={alt}
          onError={refresh}
          className="mx-auto max-h-[calc(100dvh-6rem)] w-auto max-w-full rounded-md object-contain"
        />
      </DialogContent>
    </Dialog>
  );
}
