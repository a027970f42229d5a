import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { errorMessage } from "../../lib/errors.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { PendingButton } from "../forms/pending-button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/** The first and last day of last month (UTC), the usual period to report on. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

/** Downloads the counts a DSA transparency report takes from Daywork for a period, as a CSV file. */
export function TransparencyExport() {
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState(lastMonth);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      const { csv } = await queryClient.fetchQuery({ ...trpc.health.transparencyCsv.queryOptions(period), staleTime: 0 });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
      link.download = `daywork-transparency-${period.from}-${period.to}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="grid gap-3 rounded-xl border bg-card p-4" aria-labelledby="health-transparency-title">
      <h2 id="health-transparency-title" className="text-base font-semibold">
        {m.health_transparency_title()}
      </h2>
      <p className="text-sm text-muted-foreground">{m.health_transparency_description()}</p>
      <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submit} data-testid="health-transparency">
        <Field label={m.health_transparency_from()} error={error}>
          <Input
            type="date"
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
            required
            data-testid="health-transparency-from"
          />
        </Field>
        <Field label={m.health_transparency_to()}>
          <Input
            type="date"
            value={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
            required
            data-testid="health-transparency-to"
          />
        </Field>
        <PendingButton type="submit" pending={pending} data-testid="health-transparency-download">
          {m.health_transparency_download()}
        </PendingButton>
      </form>
    </section>
  );
}
