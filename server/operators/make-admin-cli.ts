// npm run ops:make-admin -- someone@example.com: makes the account with this address an admin of the
// operator console (docs/decisions/071), on the configured database (DATABASE_URL, else the embedded
// one in DATA_DIR). The account must exist: sign up first.

import { openConfiguredDatabase } from "../../db/open.ts";
import { grantRoleSchema } from "../../domain/operators.ts";
import { ANSWERS } from "../answers.ts";
import { englishText } from "../english.ts";
import { isRefusal } from "../refusal.ts";
import { grantRole } from "./roles.ts";

const parsed = grantRoleSchema.safeParse({ email: process.argv[2] ?? "", role: "admin" });
if (!parsed.success) {
  console.error("usage: npm run ops:make-admin -- <e-mail address of an existing account>");
  process.exit(2);
}
const database = await openConfiguredDatabase();
try {
  await database.migrate();
  const granted = await grantRole(database.db, null, parsed.data);
  if (isRefusal(granted)) {
    console.error(englishText(ANSWERS[granted.reason].key));
    process.exitCode = 1;
  } else {
    console.log(`${parsed.data.email} is now an admin: the console is at /ops`);
  }
} finally {
  await database.close();
}
