/**
 * How long a Postgres connection may keep the app waiting (docs/decisions/062). Times in milliseconds;
 * a statement or idle-transaction bound of 0 leaves the server's own setting.
 */
export type DatabaseTimeouts = {
  /** To open a connection (TCP and the start-up exchange): postgres.js's connect_timeout. */
  connectMs: number;
  /** Postgres's statement_timeout on every pool connection; migrations run on their own connection without it. */
  statementMs: number;
  /** Postgres's idle_in_transaction_session_timeout: a session holding a transaction open and silent ends. */
  idleInTransactionMs: number;
  /** TCP keep-alive starts after this much silence on a connection, so a vanished server is noticed. */
  keepAliveMs: number;
};

/**
 * What a database handle gets unless told otherwise: bounded connecting and keep-alive, and no
 * statement bounds (the seed CLI, benches and tests that load data); the server passes its
 * configuration's (server/config.ts).
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 3_000,
  statementMs: 0,
  idleInTransactionMs: 0,
  keepAliveMs: 10_000,
};

/** The server settings each pool connection starts with for these bounds (none for a 0). */
export function timeoutSettings(timeouts: DatabaseTimeouts): Record<string, string> {
  return {
    ...(timeouts.statementMs > 0 ? { statement_timeout: String(timeouts.statementMs) } : {}),
    ...(timeouts.idleInTransactionMs > 0 ? { idle_in_transaction_session_timeout: String(timeouts.idleInTransactionMs) } : {}),
  };
}
