import { getLocale } from "../../paraglide/runtime.js";

const KB = 1024;
const MB = 1024 * 1024;

/** A file size in the reader's language: "850 KB", "1,2 МБ". */
export function formatFileSize(bytes: number): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, "megabyte"] : bytes >= KB ? [bytes / KB, "kilobyte"] : [bytes, "byte"];
  return new Intl.NumberFormat(getLocale(), { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

/** A whole percentage in the reader's language ("42 %", "٤٢٪"). */
export function formatPercent(percent: number): string {
  return new Intl.NumberFormat(getLocale(), { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}
