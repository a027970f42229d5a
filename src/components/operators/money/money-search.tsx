import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";

import { m } from "../../../paraglide/messages.js";
import { trpc } from "../../../trpc.ts";
import { personName } from "../../profile/person-name.ts";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { moneyAddress } from "./money-of.ts";

/** Finds whose money to read: a person by e-mail or account id, a ledger party or a job by id. */
export function MoneySearch() {
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const found = useQuery({ ...trpc.ledgerCorrections.find.queryOptions({ query }), enabled: query.trim() !== "" });
  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(typed.trim());
  }
  const people = found.data?.people ?? [];
  const jobs = found.data?.jobs ?? [];
  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" role="search" data-testid="money-search">
        <Field label={m.ops_money_search_label()} className="min-w-64 flex-1">
          <Input value={typed} dir="ltr" onChange={(e) => setTyped(e.target.value)} data-testid="money-search-input" />
        </Field>
        <Button type="submit" data-testid="money-search-submit">
          <Search aria-hidden />
          {m.ops_money_search()}
        </Button>
      </form>
      {found.isFetching && <Spinner />}
      {found.isSuccess && people.length + jobs.length === 0 && (
        <p className="text-sm text-muted-foreground">{m.ops_money_nothing_found()}</p>
      )}
      {people.length + jobs.length > 0 && (
        <ul className="grid gap-1 text-sm" data-testid="money-found">
          {people.map((person) => (
            <li key={person.partyId ?? person.userId}>
              <Link
                to="/ops/money"
                search={moneyAddress(person) ?? {}}
                className="text-primary underline-offset-4 hover:underline"
                data-testid="money-found-person"
              >
                {m.ops_money_person()}: {person.name === null ? (person.label ?? "—") : personName(person.name)}
              </Link>
            </li>
          ))}
          {jobs.map((job) => (
            <li key={job.jobId}>
              <Link
                to="/ops/money"
                search={{ job: job.jobId }}
                className="text-primary underline-offset-4 hover:underline"
                data-testid="money-found-job"
              >
                {m.ops_money_job()}: {job.title ?? m.ops_money_job_deleted()}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
