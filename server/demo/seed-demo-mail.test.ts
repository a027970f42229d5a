// Demo seeding on a fresh database (what `npm start` does on an empty embedded database) mails nobody:
// its two accounts start confirmed and are written directly, so no confirmation link goes to an address
// nobody reads, now or from the queue. The same app does mail a real sign-up, so the silence is real.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { TEST_ORIGIN } from "../testing/test-app.ts";
import { DEMO_LOGINS, seedDemoIfEmpty } from "./seed-demo.ts";

const bed = mailTestbed();

describe("demo seeding", () => {
  it("sends and queues no mail, and the demo logins sign in confirmed", async () => {
    expect(await seedDemoIfEmpty(bed.t.db, bed.t.auth)).toEqual(DEMO_LOGINS);
    await bed.t.auth.settleBackgroundTasks();
    await bed.t.runBackground();
    const queued = await queryRows<{ name: string }>(
      bed.t.db,
      sql`select name from pgboss.job where name = 'deliver-notification'`,
    );
    expect(queued).toEqual([]);

    for (const login of DEMO_LOGINS) {
      const res = await bed.t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: login.email, password: login.password },
        headers: { origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
    }

    // A person signing up on the same app gets their confirmation mail over the same SMTP peer.
    const email = `newcomer-${Date.now()}@example.com`;
    const signUp = await bed.t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: {
        email,
        password: "secret123",
        name: "Newcomer",
        ageConfirmed: true,
        consentDataProcessing: true,
        termsAccepted: true,
        callbackURL: `${TEST_ORIGIN}/verify-email`,
      },
      headers: { origin: TEST_ORIGIN },
    });
    expect(signUp.statusCode).toBe(200);
    await bed.t.runBackground();
    await bed.smtp.waitFor((mail) => mail.to.includes(email));
    expect(bed.smtp.mails.map((mail) => mail.to).flat()).toEqual([email]);
  });
});
