import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Eye, Mail } from "lucide-react";
import { useState } from "react";

import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { PendingButton } from "../forms/pending-button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardHeading } from "../ui/card.tsx";
import { ToggleRow } from "./toggle-row.tsx";

type Toggles = { profileVisible: boolean; showEmail: boolean };

/** Public profile and show e-mail, saved together with the Save button. */
export function PrivacyTogglesCard({ initial }: { initial: Toggles }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Toggles>(initial);
  const changed = values.profileVisible !== initial.profileVisible || values.showEmail !== initial.showEmail;

  const save = useMutation(
    trpc.profiles.setPrivacy.mutationOptions({
      onSuccess: async (saved) => {
        setValues(saved);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.privacy.status.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.profiles.me.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.profiles.public.queryKey() }),
        ]);
        toastSuccess(m.privacy_saved_title(), m.privacy_saved_description());
      },
      onError: (error) => toastError(error, m.privacy_update_failed()),
    }),
  );

  const rows = [
    {
      key: "profileVisible",
      id: "privacy-profile-visible",
      icon: Eye,
      label: m.privacy_profile_visible(),
      hint: m.privacy_profile_visible_hint(),
    },
    { key: "showEmail", id: "privacy-show-email", icon: Mail, label: m.privacy_show_email(), hint: m.privacy_show_email_hint() },
  ] as const;

  return (
    <Card data-testid="privacy-toggles">
      <CardHeader>
        <CardHeading>{m.privacy_visibility_title()}</CardHeading>
      </CardHeader>
      <CardContent className="grid divide-y">
        {rows.map(({ key, ...row }) => (
          <ToggleRow
            key={key}
            {...row}
            checked={values[key]}
            onChange={(checked) => setValues((v) => ({ ...v, [key]: checked }))}
          />
        ))}
      </CardContent>
      <CardFooter className="justify-end">
        <PendingButton
          size="wrap"
          className="w-full sm:w-auto"
          pending={save.isPending}
          disabled={!changed}
          onClick={() => save.mutate(values)}
          data-testid="privacy-save"
        >
          {m.privacy_save()}
        </PendingButton>
      </CardFooter>
    </Card>
  );
}
