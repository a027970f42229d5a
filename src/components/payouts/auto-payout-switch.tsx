import { useMutation, useQueryClient } from "@tanstack/react-query";

import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Card, CardContent } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Switch } from "../ui/switch.tsx";
import { refreshPayouts } from "./payouts-queries.ts";

/** The daily automatic payout, on or off (docs/decisions/081: each morning, to the default method). */
export function AutoPayoutSwitch({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const set = useMutation(
    trpc.payouts.setAutoPayout.mutationOptions({
      onSuccess: () => refreshPayouts(queryClient),
      onError: (error) => toastError(error),
    }),
  );
  return (
    <Card>
      <CardContent>
        <Field label={m.payouts_auto_label()} inline>
          <Switch
            checked={set.isPending ? set.variables.enabled : enabled}
            onCheckedChange={(checked) => set.mutate({ enabled: checked })}
            data-testid="payouts-auto"
          />
        </Field>
      </CardContent>
    </Card>
  );
}
