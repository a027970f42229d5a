import { afterAll, beforeAll } from "vitest";

import { startSmtpPeer, type SmtpPeer } from "./smtp-peer.ts";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app.ts";

/**
 * A test app whose mail goes over SMTP to a real peer on loopback, for one test file: call it at the
 * top level (it registers beforeAll/afterAll) and read `bed.t` and `bed.smtp` inside tests.
 */
export function mailTestbed(options: TestAppOptions = {}): { readonly t: TestApp; readonly smtp: SmtpPeer } {
  let t: TestApp | undefined;
  let smtp: SmtpPeer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ ...options, env: { ...options.env, SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  return {
    get t() {
      if (!t) throw new Error("mailTestbed: used before beforeAll ran");
      return t;
    },
    get smtp() {
      if (!smtp) throw new Error("mailTestbed: used before beforeAll ran");
      return smtp;
    },
  };
}
