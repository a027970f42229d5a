import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { useId, useState } from "react";

import { contactEmployerSchema } from "../../../domain/chat.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { cn } from "../../lib/cn.ts";
import { errorKey } from "../../lib/errors.ts";
import { formatNumber } from "../../lib/format.ts";
import { isolate } from "../../lib/locale.ts";
import { translate } from "../../lib/messages.ts";
import { keyedMutationRetry } from "../../lib/retry-policy.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { DialogForm } from "../forms/dialog-form.tsx";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog.tsx";
import { Field } from "../ui/field.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { chatFailureText } from "./chat-errors.ts";
import { ContactButton, type ContactEmployerProps } from "./contact-employer.tsx";
import { useMessageKey } from "./message-key.ts";

const contentSchema = contactEmployerSchema.shape.content;
/** The character counter appears when this few characters are left. */
const COUNTER_FROM = 200;

/**
 * The "Message employer" dialog of a signed-in reader (contact-employer.tsx decides who gets it): a
 * private message to the job's owner ('Please enter a message', at most 2000 characters). On success:
 * 'Message sent successfully', and the dialog offers to open the conversation (/chats/{conversationId}).
 * The server refuses the job's owner ('You cannot message your own job').
 */
export function ContactEmployerDialog({ jobId, jobTitle, employerName, className }: ContactEmployerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fieldId = useId();
  const queryClient = useQueryClient();
  const messageKey = useMessageKey();

  const contact = useMutation(
    trpc.chat.contactEmployer.mutationOptions({
      ...keyedMutationRetry,
      onSuccess: (result) => {
        messageKey.sent();
        toastSuccess(m.chat_message_sent());
        setText("");
        setSentTo(result.conversationId);
        void queryClient.invalidateQueries({ queryKey: trpc.chats.pathKey() });
      },
      onError: (failure) => {
        const key = errorKey(failure);
        // A validation refusal belongs beside the field; everything else in the toast. The text stays.
        if (key === "chat_message_required" || key === "chat_message_too_long") setError(translate(key));
        toastError(failure, chatFailureText(failure, m.chat_send_failed()));
      },
    }),
  );

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      // A sent dialog starts fresh next time; an unsent draft is kept.
      setSentTo(null);
      setError(undefined);
    }
  };

  const submit = () => {
    if (contact.isPending) return;
    const parsed = contentSchema.safeParse(text);
    if (!parsed.success) {
      setError(translate(parsed.error.issues[0]?.message ?? "chat_message_required"));
      return;
    }
    setError(undefined);
    // A retry of the same text sends the same key: stored once even if the first answer was lost.
    contact.mutate({ jobId, content: parsed.data, idempotencyKey: messageKey.keyFor(parsed.data) });
  };

  const remaining = LIMITS.message - text.trim().length;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <ContactButton className={className} />
      </DialogTrigger>
      <DialogContent closeLabel={m.common_close()} data-testid="contact-dialog">
        {sentTo ? (
          <>
            <DialogHeader className="items-center text-center">
              <CircleCheck aria-hidden className="size-10 text-primary" />
              <DialogTitle>{m.chat_message_sent()}</DialogTitle>
              <DialogDescription className="text-center">{m.contact_sent_hint()}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} data-testid="contact-close">
                {m.common_close()}
              </Button>
              <LinkButton to="/chats/$conversationId" params={{ conversationId: sentTo }} data-testid="contact-open-conversation">
                {m.contact_open_conversation()}
              </LinkButton>
            </DialogFooter>
          </>
        ) : (
          <DialogForm
            title={m.contact_title()}
            description={
              employerName
                ? m.contact_description({ name: isolate(employerName) })
                : m.contact_about_job({ title: isolate(jobTitle) })
            }
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
            cancel={{ label: m.contact_cancel(), testId: "contact-cancel" }}
            submit={{
              label: contact.isPending ? m.contact_sending() : m.contact_send(),
              pending: contact.isPending,
              testId: "contact-send",
            }}
          >
            <Field
              id={fieldId}
              label={m.chat_message_label()}
              required
              error={error}
              description={
                remaining <= COUNTER_FROM ? (
                  <span className={cn("tabular-nums", remaining < 0 && "text-destructive")} data-testid="contact-char-count">
                    {m.chat_chars_left({ count: formatNumber(Math.max(remaining, 0)) })}
                  </span>
                ) : undefined
              }
            >
              <Textarea
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  if (error) setError(undefined);
                }}
                placeholder={m.contact_placeholder()}
                rows={5}
                className="max-h-[40dvh]"
                data-testid="contact-message"
              />
            </Field>
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
