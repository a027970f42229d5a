import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Eye, Mail } from "lucide-react";
import { useState } from "react";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../ui/card";
import { Label } from "../ui/label";
import { Spinner } from "../ui/spinner";
import { Switch } from "../ui/switch";

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
    { key: "profileVisible", id: "privacy-profile-visible", icon: Eye, label: m.privacy_profile_visible(), hint: m.privacy_profile_visible_hint() },
    { key: "showEmail", id: "privacy-show-email", icon: Mail, label: m.privacy_show_email(), hint: m.privacy_show_email_hint() },
  ] as const;

  return (
    <Card data-testid="privacy-toggles">
      <CardHeader>
        <CardTitle asChild><h2>{m.privacy_visibility_title()}</h2></CardTitle>
      </CardHeader>
      <CardContent className="grid divide-y">
        {rows.map(({ key, id, icon: Icon, label, hint }) => (
          <div key={key} className="flex items-center gap-3 py-3">
            <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <Label htmlFor={id}>{label}</Label>
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">{hint}</p>
            </div>
            <Switch
              id={id}
              checked={values[key]}
              onCheckedChange={(checked) => setValues((v) => ({ ...v, [key]: checked }))}
              aria-describedby={`${id}-hint`}
              data-testid={id}
            />
          </div>
        ))}
      </CardContent>
      <CardFooter className="justify-end">
        <Button className="h-auto min-h-10 w-full py-2 whitespace-normal sm:w-auto" onClick={() => save.mutate(values)} disabled={save.isPending || !changed} data-testid="privacy-save">
          {save.isPending && <Spinner />}
          {m.privacy_save()}
        </Button>
      </CardFooter>
    </Card>
  );
}
