/** YooKassa's amount object: a decimal string in roubles with kopecks ("1500.00") and the currency. */
export type YooKassaAmount = { value: string; currency: string };

/** Minor units (kopecks) as YooKassa's decimal string. */
export function toYooKassaValue(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** YooKassa's decimal string in minor units, or null when it is not a non-negative amount with at most two decimals. */
export function fromYooKassaValue(value: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match?.[1]) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}
