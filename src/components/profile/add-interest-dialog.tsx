import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";

import { interestSchema } from "../../../domain/profile.ts";
import { MAX_INTERESTS } from "../../../domain/settings.ts";
import { errorMessage } from "../../lib/errors.ts";
import { translate } from "../../lib/messages.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { DialogForm } from "../forms/dialog-form.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "../ui/dialog.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/**
 * The Add interest button and its dialog. A duplicate (any case) simply closes the dialog; the server
 * settles it the same way. At MAX_INTERESTS the dialog says so instead of sending.
 */
export function AddInterestDialog({ existing }: { existing: string[] }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string>();

  const add = useMutation(
    trpc.profiles.addInterest.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.profiles.interests.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.profiles.public.queryKey() });
        if (result.added) toastSuccess(m.profile_interest_added());
        close(false);
      },
      onError: (e) => {
        setError(errorMessage(e));
        toastError(e);
      },
    }),
  );

  function close(next: boolean) {
    setOpen(next);
    if (!next) {
      setDraft("");
      setError(undefined);
    }
  }

  const submit = () => {
    const parsed = interestSchema.safeParse(draft);
    if (!parsed.success) return setError(translate(parsed.error.issues[0]?.message ?? "error_generic"));
    if (existing.some((v) => v.toLocaleLowerCase() === parsed.data.toLocaleLowerCase())) return close(false);
    if (existing.length >= MAX_INTERESTS) return setError(m.profile_error_interest_limit());
    setError(undefined);
    add.mutate({ interest: parsed.data });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="interest-add-open">
          <Plus aria-hidden />
          {m.profile_interest_add()}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={m.common_close()} data-testid="interest-dialog">
        <DialogForm
          title={m.profile_interest_dialog_title()}
          description={m.profile_interest_dialog_description()}
          onSubmit={submit}
          onCancel={() => close(false)}
          cancel={{ label: m.profile_cancel() }}
          submit={{
            label: m.profile_interest_save(),
            pending: add.isPending,
            disabled: draft.trim() === "",
            testId: "interest-dialog-save",
          }}
        >
          <Field label={m.profile_interests_title()} error={error}>
            <Input
              value={draft}
              dir="auto"
              autoFocus
              maxLength={60}
              placeholder={m.profile_interest_placeholder()}
              onChange={(e) => setDraft(e.target.value)}
              data-testid="interest-dialog-input"
            />
          </Field>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
