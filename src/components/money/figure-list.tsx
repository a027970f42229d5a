/** Labelled figures, two columns on a phone and more on wider screens; amounts are written with their digits apart. */
export function FigureList({
  figures,
  testId,
}: {
  figures: readonly (readonly [label: string, value: string])[];
  testId?: string;
}) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3" data-testid={testId}>
      {figures.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-medium tabular-nums" dir="auto">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
