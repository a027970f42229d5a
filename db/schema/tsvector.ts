import { customType } from "drizzle-orm/pg-core";

/** Postgres's full-text document type (drizzle has none built in); only ever read by SQL, never selected. */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});
