/** One e-mail, ready to go: plain text and simple HTML of the same content. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** The Message-ID, "<id@host>", when a resend must carry the same one (decision 061); else the transport makes one. */
  messageId?: string;
};

/** Sends mail: over SMTP (SMTP_URL), or, with none configured, into the local inbox in DATA_DIR. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Resolves when the mail server was reachable lately, else throws (GET /api/ready reports it as
   * degraded, never as down: docs/decisions/064). Cheap: the last send's outcome, or a connection check
   * at most once a minute. Missing: nothing to check (the local inbox).
   */
  ready?(): Promise<void>;
  close(): Promise<void>;
}
