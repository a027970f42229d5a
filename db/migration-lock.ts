import postgres from "postgres";

/**
 * The advisory-lock key migrations run under (docs/decisions/061): any fixed 64-bit number, the same in
 * every instance. "daywork" as ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x646179776f726bn;

/**
 * Runs `migrate` while holding a session advisory lock on its own connection, so instances started
 * together migrate one after the other (the second finds the work done) instead of racing into
 * `CREATE EXTENSION` and duplicate keys (decision 061). The lock goes with the connection, so a process
 * killed mid-migration frees it; the migrator's own connections are the pool's.
 */
export async function underMigrationLock<T>(databaseUrl: string, migrate: () => Promise<T>): Promise<T> {
  const lock = postgres(databaseUrl, { max: 1, onnotice: () => {}, connection: { application_name: "daywork/migrate" } });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    try {
      return await migrate();
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    }
  } finally {
    await lock.end({ timeout: 5 });
  }
}
