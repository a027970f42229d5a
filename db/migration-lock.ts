import postgres from "postgres";

/**
 * The advisory-lock key migrations run under (docs/decisions/061): any fixed 64-bit number, the same in
 * every instance. "daywork" as ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x646179776f726bn;

/**
 * Runs `migrate` under a session advisory lock, so instances started together migrate one after the other
 * instead of racing into duplicate keys (docs/decisions/061).
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
