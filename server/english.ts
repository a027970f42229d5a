import en from "../messages/en.json" with { type: "json" };

const catalogue = en as Record<string, unknown>;

/** True when `key` names a message of the catalogue. */
export function isMessageKey(key: string): boolean {
  return typeof catalogue[key] === "string";
}

/** The English text of a message key (the API's human-readable error text); the key itself if unknown. */
export function englishText(key: string): string {
  const text = catalogue[key];
  return typeof text === "string" ? text : key;
}
