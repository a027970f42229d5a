import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { textDirection } from "../../../domain/languages.ts";
import { formatDate } from "../../lib/format.ts";
import { currentLanguage } from "../../lib/locale.ts";
import { m } from "../../paraglide/messages.js";
import { formatFigure, HEALTH_FIGURES, type HealthOverview, type HealthSeriesName } from "./health-figures.ts";

type Props = { name: HealthSeriesName; overview: HealthOverview };

/**
 * One health figure: its title, its value over the whole period, a line per day or week with a sentence
 * that says what the line shows, and every point as a table (the chart itself is hidden from screen
 * readers, which read the sentence and the table). Time runs from the reading side: right to left in Arabic.
 */
export function HealthChart({ name, overview }: Props) {
  const figure = HEALTH_FIGURES[name];
  const series = overview.series[name];
  const rtl = textDirection(currentLanguage()) === "rtl";
  const measured = series.points.filter((p): p is { start: string; value: number } => p.value !== null);
  const highest = measured.reduce<(typeof measured)[number] | null>((top, p) => (top && top.value >= p.value ? top : p), null);
  const titleId = `health-${name}-title`;
  const summaryId = `health-${name}-summary`;
  const summary = highest
    ? m.health_chart_summary({
        total: formatFigure(name, series.total),
        from: formatDate(overview.from),
        to: formatDate(overview.to),
        highest: formatFigure(name, highest.value),
        day: formatDate(highest.start),
      })
    : m.health_chart_empty({ from: formatDate(overview.from), to: formatDate(overview.to) });
  const data = series.points.map((p) => ({ label: formatDate(p.start), value: p.value }));
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-4" aria-labelledby={titleId} data-testid={`health-${name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="text-base font-semibold">
          {figure.title()}
        </h2>
        <p className="text-2xl font-semibold tabular-nums" data-testid={`health-${name}-total`}>
          {formatFigure(name, series.total)}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">{figure.hint()}</p>
      <figure aria-labelledby={titleId} aria-describedby={summaryId} className="m-0 text-primary">
        <div className="h-40 w-full" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
              <XAxis
                dataKey="label"
                reversed={rtl}
                tick={{ fontSize: 11 }}
                minTickGap={24}
                stroke="var(--color-muted-foreground)"
              />
              <YAxis
                orientation={rtl ? "right" : "left"}
                width={44}
                tick={{ fontSize: 11 }}
                stroke="var(--color-muted-foreground)"
                tickFormatter={(value: number) => formatFigure(name, value)}
              />
              <Tooltip formatter={(value) => formatFigure(name, typeof value === "number" ? value : null)} />
              <Line
                type="monotone"
                dataKey="value"
                stroke="currentColor"
                strokeWidth={2}
                dot={false}
                connectNulls
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <figcaption id={summaryId} className="mt-1 text-sm">
          {summary}
        </figcaption>
      </figure>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">{m.health_show_numbers()}</summary>
        <table className="mt-2 w-full text-start" data-testid={`health-${name}-table`}>
          <thead>
            <tr className="text-muted-foreground">
              <th scope="col" className="py-1 text-start font-medium">
                {overview.stepDays === 1 ? m.health_column_day() : m.health_column_week()}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {figure.title()}
              </th>
            </tr>
          </thead>
          <tbody>
            {series.points.map((p) => (
              <tr key={p.start} className="border-t">
                <td className="py-1">{formatDate(p.start)}</td>
                <td className="py-1 text-end tabular-nums">{formatFigure(name, p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
