import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One message as the peer received it over SMTP, parsed. */
export type ReceivedMail = {
  /** The envelope's recipients (RCPT TO), the addresses the mail was delivered to. */
  to: string[];
  /** The From header as written ("Daywork <no-reply@localhost>"). */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, names lower-cased, values unfolded as they were sent (a repeated header: the first). */
  headers: Record<string, string>;
};

/** A real SMTP server on loopback for tests: point SMTP_URL at `url`, read what arrives in `mails`. */
export type SmtpPeer = {
  /** smtp://127.0.0.1:<port> (no TLS; any user and password are accepted, none is required). */
  url: string;
  /** Everything received so far, oldest first. */
  mails: ReceivedMail[];
  /** The first mail (already received or still to come) that matches; rejects after `timeoutMs` (5 s). */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

function headersOf(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    if (key in headers) continue;
    const colon = line.indexOf(":");
    headers[key] = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
  }
  return headers;
}

/** "Name <address>" (decoded), or the bare address, or the envelope sender when there is no From. */
function fromOf(parsed: ParsedMail, envelopeFrom: string): string {
  const first = parsed.from?.value[0];
  if (!first?.address) return envelopeFrom;
  return first.name ? `${first.name} <${first.address}>` : first.address;
}

/** Starts an SMTP server on 127.0.0.1 with a free port. Call `close()` in afterAll. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    // Plain-text AUTH is fine on loopback: a test may put credentials in SMTP_URL.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? "test" }),
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream, { skipImageLinks: true, skipTextToHtml: true })
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((address) => address.address),
            from: fromOf(parsed, session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html || "",
            headers: headersOf(parsed),
          };
          mails.push(mail);
          for (const waiter of waiters) {
            if (waiter.match(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client that drops mid-session must not crash the test run.
  server.on("error", () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 5000) {
      const already = mails.find(match);
      if (already) return Promise.resolve(already);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
