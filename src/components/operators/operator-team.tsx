import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { OPERATOR_ROLES, type OperatorRole } from "../../../domain/operators.ts";
import { errorMessage } from "../../lib/errors.ts";
import { formatDay } from "../../lib/format.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { ConfirmDialog } from "../forms/confirm-dialog.tsx";
import { PendingButton } from "../forms/pending-button.tsx";
import { SelectField } from "../forms/select-field.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

type Operator = RouterOutputs["operators"]["list"][number];

export const ROLE_LABELS: Record<OperatorRole, () => string> = {
  moderator: () => m.ops_role_moderator(),
  admin: () => m.ops_role_admin(),
};
const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role]() }));

/** /ops/team: who runs Daywork; an admin grants a role by e-mail address and revokes one (docs/decisions/071). */
export function OperatorTeam() {
  const { data: team } = useSuspenseQuery(trpc.operators.list.queryOptions());
  return (
    <div className="grid gap-6">
      <GrantRoleForm />
      <ul className="grid gap-3" data-testid="ops-team">
        {team.map((operator) => (
          <OperatorRow key={operator.userId} operator={operator} />
        ))}
      </ul>
    </div>
  );
}

function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.operators.list.queryKey() });
}

function GrantRoleForm() {
  const refresh = useRefreshTeam();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OperatorRole>("moderator");
  const grant = useMutation(
    trpc.operators.grant.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toastSuccess(m.ops_team_granted({ email }));
        setEmail("");
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate({ email: email.trim(), role });
  };
  return (
    <Card className="py-4">
      <CardContent className="px-4">
        <form className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" onSubmit={submit} data-testid="ops-grant-form">
          <Field label={m.ops_team_email_label()} error={grant.error ? errorMessage(grant.error) : undefined}>
            <Input
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              data-testid="ops-grant-email"
              required
            />
          </Field>
          <SelectField
            label={m.ops_team_role_label()}
            value={role}
            onChange={(value) => setRole(value ?? "moderator")}
            options={ROLE_OPTIONS}
            testId="ops-grant-role"
          />
          <PendingButton type="submit" pending={grant.isPending} data-testid="ops-grant-submit">
            {m.ops_team_grant()}
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}

function OperatorRow({ operator }: { operator: Operator }) {
  const refresh = useRefreshTeam();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation(
    trpc.operators.revoke.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setConfirming(false);
        toastSuccess(m.ops_team_revoked({ name: operator.name }));
      },
      onError: (error) => {
        setConfirming(false);
        toastError(error);
      },
    }),
  );
  return (
    <li data-testid="ops-operator" data-role={operator.role}>
      <Card className="py-4">
        <CardContent className="flex flex-wrap items-center gap-3 px-4">
          <div className="min-w-0 flex-1">
            <p dir="auto" className="font-medium break-words">
              {operator.name}
            </p>
            <p dir="ltr" className="text-start text-sm break-all text-muted-foreground">
              {operator.email}
            </p>
            <p className="text-sm text-muted-foreground">
              {ROLE_LABELS[operator.role]()} · {m.ops_team_since({ date: formatDay(operator.grantedAt) })}
            </p>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={
              <Button variant="outline" size="sm" data-testid="ops-revoke">
                {m.ops_team_revoke()}
              </Button>
            }
            title={m.ops_team_revoke_title({ name: operator.name })}
            description={m.ops_team_revoke_description()}
            labels={{ cancel: m.ops_cancel(), confirm: m.ops_team_revoke() }}
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate({ userId: operator.userId })}
            testIds={{ confirm: "ops-revoke-confirm" }}
          />
        </CardContent>
      </Card>
    </li>
  );
}
