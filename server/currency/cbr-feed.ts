/** One day's rates as the Bank of Russia publishes them: roubles for one unit of each currency. */
export type FeedRates = { asOf: string; perUnit: Record<string, number> };

const tag = (block: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(block)?.[1]?.trim();

/**
 * Reads the Bank of Russia's XML_daily document (`<ValCurs Date="20.11.2025">` with one `<Valute>` per
 * currency: CharCode, Nominal, Value with a decimal comma, for Nominal units). Null when it is not
 * one: a page of the wrong kind must never become rates.
 */
export function parseCbrDaily(xml: string): FeedRates | null {
  const date = /<ValCurs[^>]*\sDate="(\d{2})\.(\d{2})\.(\d{4})"/.exec(xml);
  if (!date) return null;
  const perUnit: Record<string, number> = {};
  for (const [block] of xml.matchAll(/<Valute\b[\s\S]*?<\/Valute>/g)) {
    const code = tag(block, "CharCode");
    const nominal = Number(tag(block, "Nominal"));
    const value = Number(tag(block, "Value")?.replace(",", "."));
    if (code && /^[A-Z]{3}$/.test(code) && nominal > 0 && value > 0) perUnit[code] = value / nominal;
  }
  if (Object.keys(perUnit).length === 0) return null;
  return { asOf: `${date[3]}-${date[2]}-${date[1]}`, perUnit };
}

/** The document's text: the Bank of Russia writes windows-1251, whatever else would read as UTF-8. */
export function decodeFeed(bytes: ArrayBuffer, contentType: string | null): string {
  const declared = /charset=([\w-]+)/i.exec(contentType ?? "")?.[1];
  const head = new TextDecoder("latin1").decode(bytes.slice(0, 100));
  const inXml = /encoding="([\w-]+)"/i.exec(head)?.[1];
  return new TextDecoder(declared ?? inXml ?? "utf-8").decode(bytes);
}
