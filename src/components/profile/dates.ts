import { todayIn } from "../../../domain/age";
import { formatDate } from "../../lib/format";

/** A timestamp's calendar day in the reader's time zone and language (reviews, certificates, consent). */
export function formatDay(value: Date | string, style: "medium" | "long" = "medium"): string {
  return formatDate(todayIn(undefined, new Date(value)), style);
}
