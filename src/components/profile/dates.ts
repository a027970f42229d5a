/** A timestamp's calendar day in the reader's time zone and language (reviews, certificates, consent). */
export { formatDay } from "../../lib/format";
