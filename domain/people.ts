import { z } from "zod";

import { ERR } from "./errors.ts";
import { typedText } from "./text.ts";

/** Characters of a bio shown in people search results. */
export const BIO_EXCERPT_LENGTH = 160;

/** People search on the home page: the same text as the job search. */
export const peopleSearchSchema = z.object({
  q: typedText().trim().max(200, ERR.searchTooLong),
});
