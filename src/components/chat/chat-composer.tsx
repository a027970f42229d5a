import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ImagePlus, SendHorizontal, X } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";

import { CHAT_IMAGE_TYPES } from "../../../domain/chat.ts";
import { ERR } from "../../../domain/errors.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { cn } from "../../lib/cn.ts";
import { errorKey } from "../../lib/errors.ts";
import { formatNumber } from "../../lib/format.ts";
import { keyedMutationRetry } from "../../lib/retry-policy.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { IconButton } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { chatFailureText, uploadFailureText } from "./chat-errors.ts";
import { useMessageKey } from "./message-key.ts";
import { uploadChatImage } from "./upload-chat-image.ts";

const ACCEPT = Object.keys(CHAT_IMAGE_TYPES).join(",");
/** The character counter appears when this few characters are left. */
const COUNTER_FROM = 200;

type Attachment = { file: File; previewUrl: string };
type Phase = "idle" | "uploading" | "sending";

/**
 * Text and an optional image, uploaded first and then sent with the message. What was typed stays on failure,
 * and a retry reuses the uploaded image and the message's idempotency key, so nothing is stored twice
 * (docs/decisions/063).
 */
export function ChatComposer({ conversationId, onSent }: { conversationId: string; onSent: (messageId: number) => void }) {
  const [text, setText] = useState("");
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; key: string } | null>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const send = useMutation(trpc.chat.send.mutationOptions(keyedMutationRetry));
  const queryClient = useQueryClient();
  const messageKey = useMessageKey();

  // Release the preview's object URL when it is replaced or the composer goes away.
  useEffect(() => {
    if (!attachment) return;
    return () => URL.revokeObjectURL(attachment.previewUrl);
  }, [attachment]);

  const content = text.trim();
  const remaining = LIMITS.message - content.length;
  const busy = phase !== "idle";
  const canSend = !busy && (content.length > 0 || attachment !== null);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!Object.hasOwn(CHAT_IMAGE_TYPES, file.type)) {
      toastError(null, m.chat_image_type());
      return;
    }
    if (file.size > LIMITS.chatImageBytes) {
      toastError(null, m.chat_image_too_large());
      return;
    }
    setAttachment({ file, previewUrl: URL.createObjectURL(file) });
    textareaRef.current?.focus();
  };

  const removeAttachment = () => {
    setAttachment(null);
    textareaRef.current?.focus();
  };

  const submit = async () => {
    if (!canSend) return;
    if (remaining < 0) {
      toastError(null, m.chat_message_too_long());
      return;
    }
    const typed = text;
    let imageKey: string | undefined;
    if (attachment) {
      if (uploaded?.file === attachment.file) imageKey = uploaded.key;
      else {
        setPhase("uploading");
        try {
          imageKey = await uploadChatImage(conversationId, attachment.file);
          setUploaded({ file: attachment.file, key: imageKey });
        } catch (error) {
          setPhase("idle");
          toastError(null, uploadFailureText(error));
          return;
        }
      }
    }
    setPhase("sending");
    try {
      const idempotencyKey = messageKey.keyFor(content, attachment?.file ?? null);
      const sent = await send.mutateAsync({ conversationId, content, imageKey, idempotencyKey });
      messageKey.sent();
      // Keep anything typed while the message was on its way.
      setText((current) => (current === typed ? "" : current));
      setAttachment(null);
      setUploaded(null);
      onSent(sent.id);
    } catch (error) {
      if (errorKey(error) === ERR.chatImageInvalid) setUploaded(null);
      // A block made since the page opened (docs/decisions/068): the page re-reads it and closes the composer.
      if (errorKey(error) === ERR.cannotMessage)
        void queryClient.invalidateQueries({ queryKey: trpc.chat.conversation.queryKey({ conversationId }) });
      toastError(error, chatFailureText(error, m.chat_send_failed()));
    } finally {
      setPhase("idle");
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <div className="border-t bg-card px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-4" data-testid="chat-composer">
      {attachment && (
        <div className="mb-2 flex items-center gap-3 px-1" data-testid="chat-image-preview">
          <div className="relative shrink-0">
            <img src={attachment.previewUrl} alt={m.chat_image_preview()} className="size-16 rounded-md border object-cover" />
            <button
              type="button"
              onClick={removeAttachment}
              disabled={busy}
              aria-label={m.chat_remove_image()}
              title={m.chat_remove_image()}
              className="absolute -end-2 -top-2 grid size-6 place-items-center rounded-full bg-foreground text-background shadow outline-hidden after:absolute after:-inset-2 focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:opacity-50"
              data-testid="chat-remove-image"
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </div>
          {phase === "uploading" && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {m.chat_uploading_image()}
            </p>
          )}
        </div>
      )}
      <form
        className="flex items-end gap-1.5 sm:gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          onChange={chooseFile}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="chat-attach-input"
        />
        <IconButton
          type="button"
          label={m.chat_attach_image()}
          onClick={() => fileRef.current?.click()}
          disabled={busy}
          className="text-muted-foreground"
          data-testid="chat-attach-button"
        >
          <ImagePlus aria-hidden className="size-5" />
        </IconButton>
        <Textarea
          ref={textareaRef}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={m.chat_placeholder()}
          aria-label={m.chat_message_label()}
          aria-invalid={remaining < 0 ? true : undefined}
          aria-describedby={remaining <= COUNTER_FROM ? `chat-counter-${conversationId}` : undefined}
          enterKeyHint="send"
          className="max-h-36 min-h-10 resize-none rounded-2xl py-2"
          data-testid="chat-composer-input"
        />
        <IconButton
          type="submit"
          variant="default"
          label={m.chat_send()}
          disabled={!canSend}
          // Keep the keyboard open on phones: the textarea keeps focus when the button is tapped.
          onPointerDown={(event) => event.preventDefault()}
          className="rounded-full"
          data-testid="chat-send"
        >
          {phase === "sending" ? <Spinner /> : <SendHorizontal aria-hidden className="rtl:rotate-180" />}
        </IconButton>
      </form>
      {remaining <= COUNTER_FROM && (
        <p
          id={`chat-counter-${conversationId}`}
          className={cn(
            "mt-1 px-12 text-end text-xs tabular-nums",
            remaining < 0 ? "font-medium text-destructive" : "text-muted-foreground",
          )}
          aria-live="polite"
          data-testid="chat-char-count"
        >
          {remaining < 0 ? m.chat_message_too_long() : m.chat_chars_left({ count: formatNumber(remaining) })}
        </p>
      )}
    </div>
  );
}
