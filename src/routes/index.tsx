import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarDays, Clock, MapPin } from "lucide-react";
import { Badge } from "../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { formatDate, formatMoney } from "../lib/format";
import { translate } from "../lib/messages";
import { m } from "../paraglide/messages.js";
import { trpc } from "../trpc";

export const Route = createFileRoute("/")({ component: HomePage });

function HomePage() {
  const jobs = useQuery(trpc.jobs.listOpen.queryOptions());
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <section className="mb-8 space-y-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{m.home_title()}</h1>
        <p className="text-muted-foreground">{m.home_subtitle()}</p>
      </section>
      {jobs.isPending ? (
        <p className="text-center text-muted-foreground">{m.home_loading()}</p>
      ) : jobs.isError ? (
        <p className="text-center text-destructive">{m.home_failed()}</p>
      ) : jobs.data.length === 0 ? (
        <p className="text-center text-muted-foreground">{m.home_empty()}</p>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted-foreground" data-testid="job-count">{m.home_job_count({ count: jobs.data.length })}</p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {jobs.data.map((job) => (
              <li key={job.id}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle className="line-clamp-2 text-lg">{job.title}</CardTitle>
                    <p className="text-sm text-muted-foreground">{job.companyName ?? job.employerName}</p>
                  </CardHeader>
                  <CardContent className="grid gap-2 text-sm">
                    <Badge variant="secondary" className="w-fit">{translate(`category_${job.category}`)}</Badge>
                    <span className="flex items-center gap-2"><MapPin aria-hidden className="size-4" />{job.location}</span>
                    <span className="flex items-center gap-2"><CalendarDays aria-hidden className="size-4" />{m.job_card_starts({ date: formatDate(job.startDate) })}</span>
                    <span className="flex items-center gap-2"><Clock aria-hidden className="size-4" />{m.job_card_days({ count: job.durationDays })}</span>
                    <span className="font-semibold">
                      {job.hourlyRate === null ? m.job_card_negotiable() : m.job_card_per_hour({ amount: formatMoney(job.hourlyRate, job.currency) })}
                    </span>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="sr-only"><Link to="/auth">{m.nav_sign_in()}</Link></p>
    </main>
  );
}
