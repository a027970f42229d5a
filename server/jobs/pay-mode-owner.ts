import { eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { profiles } from "../../db/schema/index.ts";
import type { PayMode } from "../../domain/pay-mode.ts";

/**
 * False when `payMode` asks for pay through Daywork on an account that is not an employer's: the ledger
 * keeps what is owed to us and the card held on employers' parties only (docs/decisions/076, 078), and
 * anyone may post a job. Paid directly is open to every account.
 */
export async function mayTakePayMode(db: Queryable, ownerId: string, payMode: PayMode): Promise<boolean> {
  if (payMode === "direct") return true;
  const [owner] = await db.select({ userType: profiles.userType }).from(profiles).where(eq(profiles.id, ownerId));
  return owner?.userType === "employer";
}
