import { useSuspenseInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Wallet } from "lucide-react";

import { formatCalendarDate } from "../../../domain/intl-locale.ts";
import { formatMinorIn, formatStatementMonth } from "../../../domain/money-format.ts";
import { LoadFailedPage, NoticeCard } from "../../components/layout/notice.tsx";
import { PagedList } from "../../components/layout/paged-list.tsx";
import { DownloadLink } from "../../components/money/download-link.tsx";
import { FigureList } from "../../components/money/figure-list.tsx";
import { statementLinks } from "../../components/money/statement-links.ts";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { trpc, type RouterOutputs, type Trpc } from "../../trpc.ts";

const spend = (api: Trpc) => api.statements.mySpend.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor });

export const Route = createFileRoute("/_authed/money")({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.statements.myEarnings.queryOptions()),
      context.queryClient.ensureInfiniteQueryData(spend(context.trpc)),
    ]);
  },
  errorComponent: ({ error }) => <LoadFailedPage text={m.money_failed()} error={error} />,
  component: MoneyPage,
});

type Earnings = RouterOutputs["statements"]["myEarnings"];
type SpendLine = RouterOutputs["statements"]["mySpend"]["items"][number];

/** /money: a worker's earnings by month and balance, an employer's spend by job; each as CSV and PDF (docs/statements.md). */
function MoneyPage() {
  usePageTitle(m.money_title());
  const { data: earnings } = useSuspenseQuery(trpc.statements.myEarnings.queryOptions());
  const spendList = useSuspenseInfiniteQuery(spend(trpc));
  const hasSpend = spendList.data.pages.some((page) => page.items.length > 0);
  const hasEarnings = earnings.months.length > 0 || earnings.balances.length > 0;
  return (
    <main id="main" className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl" data-testid="money-title">
        {m.money_title()}
      </h1>
      {!hasEarnings && !hasSpend && (
        <NoticeCard icon={<Wallet aria-hidden className="size-6" />} title={m.money_empty()} testId="money-empty" />
      )}
      {hasEarnings && <EarningsSection earnings={earnings} />}
      {hasSpend && (
        <section className="space-y-3" aria-labelledby="money-spend">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="money-spend" className="me-auto text-xl font-semibold">
              {m.money_spend_heading()}
            </h2>
            <DownloadLink href={statementLinks.spendCsv()} label={m.money_download_csv()} testId="money-spend-csv" />
          </div>
          <PagedList
            query={spendList}
            itemKey={(line) => `${line.jobId}-${line.currency}`}
            renderItem={(line) => <SpendRow line={line} />}
            className="grid gap-3"
            testId="money-spend-list"
            loadMore={{ label: m.jobs_load_more(), testId: "money-spend-more" }}
          />
        </section>
      )}
    </main>
  );
}

function EarningsSection({ earnings }: { earnings: Earnings }) {
  const language = getLocale();
  return (
    <>
      {earnings.balances.length > 0 && (
        <section className="space-y-3" aria-labelledby="money-balance">
          <h2 id="money-balance" className="text-xl font-semibold">
            {m.money_balances_heading()}
          </h2>
          {earnings.balances.map((b) => {
            const amount = (minor: bigint) => formatMinorIn(minor, b.currency, language);
            return (
              <Card key={b.currency} data-testid="money-balance">
                <CardContent>
                  <FigureList
                    figures={[
                      [m.statement_balance_earned(), amount(b.earned)],
                      [m.statement_balance_available(), amount(b.availableToPayOut)],
                      [m.statement_balance_in_transit(), amount(b.inTransit)],
                      [m.statement_paid_out(), amount(b.paidOut)],
                      [m.statement_balance_secured(), amount(b.secured)],
                      [m.statement_balance_direct_owed(), amount(b.directOwed + b.directMarkedPaid)],
                    ]}
                  />
                </CardContent>
              </Card>
            );
          })}
        </section>
      )}
      {earnings.months.length > 0 && (
        <section className="space-y-3" aria-labelledby="money-months">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="money-months" className="me-auto text-xl font-semibold">
              {m.money_earnings_heading()}
            </h2>
            <DownloadLink href={statementLinks.earningsCsv()} label={m.money_download_csv()} testId="money-earnings-csv" />
          </div>
          <ul className="grid gap-3" data-testid="money-months">
            {earnings.months.map((row) => {
              const amount = (minor: bigint) => formatMinorIn(minor, row.currency, language);
              return (
                <li key={`${row.month}-${row.currency}`}>
                  <Card data-testid="money-month">
                    <CardContent className="space-y-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="me-auto font-semibold">{formatStatementMonth(row.month, language)}</h3>
                        <DownloadLink
                          href={statementLinks.monthPdf(row.month)}
                          label={m.money_download_pdf()}
                          testId="money-month-pdf"
                        />
                      </div>
                      <FigureList
                        figures={[
                          [m.statement_held(), amount(row.heldAtEnd)],
                          [m.statement_agreed(), amount(row.agreed)],
                          [m.statement_paid_out(), amount(row.paid)],
                          [m.statement_direct_agreed(), amount(row.directAgreed)],
                          [m.statement_direct_confirmed(), amount(row.directConfirmed)],
                        ]}
                      />
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}

function SpendRow({ line }: { line: SpendLine }) {
  const language = getLocale();
  const amount = (minor: bigint) => formatMinorIn(minor, line.currency, language);
  const direct = line.payMode === "direct";
  return (
    <Card data-testid="money-spend-row">
      <CardContent className="space-y-3">
        <div className="grid gap-1">
          {line.title === null ? (
            <span className="font-semibold">{m.statement_job_gone()}</span>
          ) : (
            <Link to="/jobs/$jobId" params={{ jobId: line.jobId }} className="font-semibold break-words hover:underline">
              {line.title}
            </Link>
          )}
          <span className="text-sm text-muted-foreground">
            {[
              line.startDate && formatCalendarDate(line.startDate, language),
              direct ? m.job_form_pay_direct() : m.job_form_pay_through(),
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </div>
        <FigureList
          figures={[
            ...(direct ? [] : ([[m.statement_work(), amount(line.work)]] as const)),
            [m.statement_compensation(), amount(line.compensation)],
            ...(direct
              ? ([
                  [m.statement_direct_owed(), amount(line.directOwed)],
                  [m.statement_direct_marked_paid(), amount(line.directMarkedPaid)],
                  [m.statement_direct_confirmed(), amount(line.directConfirmed)],
                ] as const)
              : ([
                  [m.statement_fee(), amount(line.fee)],
                  [m.statement_captured(), amount(line.captured)],
                  [m.statement_card_held(), amount(line.held)],
                  [m.statement_outstanding(), amount(line.outstanding)],
                ] as const)),
          ]}
        />
        <div className="flex flex-wrap gap-2">
          <DownloadLink href={statementLinks.jobPdf(line.jobId)} label={m.money_download_pdf()} testId="money-job-pdf" />
          <DownloadLink href={statementLinks.jobCsv(line.jobId)} label={m.money_download_csv()} testId="money-job-csv" />
        </div>
      </CardContent>
    </Card>
  );
}
