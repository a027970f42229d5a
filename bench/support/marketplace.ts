// The benches' marketplace on Postgres: the database, migrated, and seeded with people, jobs and ratings
// once (bench/home-list.ts and bench/instances.ts share it).
import postgres from "postgres";

import { openDatabase } from "../../db/open.ts";
import { adminUrl, withDatabase } from "../../db/testing/postgres-admin.ts";

/** BENCH_DATABASE_URL, else the benches' own database on the local server. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/daywork_bench";
export const PEOPLE = 20_000;
/** How many jobs the marketplace holds (BENCH_JOBS; 1000000 for the million-job figures). */
export const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);

/** Creates the database named in `url` when it does not exist. */
export async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  await withDatabase(adminUrl(url), async (admin) => {
    const found = await admin`select 1 from pg_database where datname = ${name}`;
    if (found.length === 0) await admin.unsafe(`create database ${name}`);
  });
}

/**
 * The database at `url` created, migrated and holding the marketplace: seeded when its job count is not
 * JOBS, or when BENCH_RESEED=1. Logs what it did.
 */
export async function prepareMarketplace(url: string = BENCH_DATABASE_URL): Promise<void> {
  await ensureDatabase(url);
  const database = await openDatabase({ databaseUrl: url, maxConnections: 4 });
  await database.migrate();
  await database.close();
  const raw = postgres(url, { max: 4, onnotice: () => {} });
  try {
    const [{ n }] = (await raw`select count(*)::int as n from jobs`) as unknown as [{ n: number }];
    if (n !== JOBS || process.env.BENCH_RESEED === "1") {
      const t0 = performance.now();
      await seedMarketplace(raw);
      console.log(`seeded ${PEOPLE} people and ${JOBS} jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } else {
      console.log(`using the existing ${n} jobs (BENCH_RESEED=1 to seed again)`);
    }
  } finally {
    await raw.end({ timeout: 5 });
  }
}

/**
 * Seeds PEOPLE people (a fifth employers) and JOBS jobs of every category and status, placed in the
 * gazetteer's cities (the big ones more often, as on a real site), plus ratings of employers, written by
 * Postgres itself with generate_series (a few seconds for 100k jobs). Replaces every person (cascading).
 */
export async function seedMarketplace(db: postgres.Sql) {
  await db.unsafe(`truncate "user" cascade`);
  await db.unsafe(`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Bench Person ' || g, 'bench-' || g || '@example.com', true
    from generate_series(1, ${PEOPLE}) g`);
  await db.unsafe(`
    insert into profiles (id, user_type, full_name, company_name, location, bio, privacy_profile_visible,
                          consent_data_processing, terms_accepted, age_verified, onboarding_completed_at)
    select 'bench-' || g,
           case when g % 5 = 0 then 'employer' else 'worker' end::user_type,
           (array['Anna','Ivan','Aigerim','Dmitry','Maria','Timur','Olga','Bekzod','Elena','Serdar'])[1 + g % 10] || ' ' ||
           (array['Petrova','Ivanov','Nurlanova','Orlov','Smirnova','Aliyev','Kuznetsova','Rashidov','Volkova','Atayev'])[1 + (g / 10) % 10],
           case when g % 5 = 0 then (array['Stroy','Clean','Move','Fresh','Green'])[1 + g % 5] || ' ' ||
                (array['Service','Group','Team','Pro','Partners'])[1 + (g / 5) % 5] || ' ' || g end,
           (array['Moscow','Kazan','Almaty','Tashkent','Ashgabat','Bishkek','Novosibirsk','Samarkand'])[1 + g % 8],
           'Reliable and punctual, ' || (g % 15) || ' years of experience.',
           g % 10 <> 0, true, true, true, now()
    from generate_series(1, ${PEOPLE}) g`);
  await db.unsafe(`
    with gazetteer as (
      -- Each city as often as its population in thousands says, so Moscow gets many jobs and a town few.
      select array_agg(id order by population desc) as ids
      from cities, generate_series(1, greatest(1, population / 100000))
    )
    insert into jobs (employer_id, title, description, city_id, district, category, skills, duration_days, start_date,
                      hourly_rate, currency, max_workers, status, language, created_at)
    select 'bench-' || (5 * (1 + g % ${PEOPLE / 5})),
           (array['Warehouse loader','Office cleaner','Event waiter','Garden helper','Furniture mover',
                  'Courier on foot','Shop assistant','Kitchen porter','Painter helper','Window cleaner'])[1 + g % 10],
           'Shift ' || g || ': ' ||
           (array['help unload trucks and sort parcels','keep the rooms tidy and take out rubbish',
                  'serve guests at a private event','plant flowers and rake leaves','carry furniture up to the third floor'])[1 + g % 5] ||
           '. ' || (array['Gloves provided.','Lunch included.','Paid daily.','Uniform provided.'])[1 + g % 4],
           gazetteer.ids[1 + ((g::bigint * 7919) % array_length(gazetteer.ids, 1))::int],
           'district ' || (g % 12),
           (enum_range(null::job_category))[1 + g % 8],
           case when g % 1000 = 7 then array['welding','safety']
                when g % 3 = 0 then null
                else array[(array['lifting','driving','cooking','cleaning','english','teamwork'])[1 + g % 6], 'punctuality'] end,
           1 + g % 7,
           current_date + (g % 60),
           case when g % 9 = 0 then null else round((5 + (g * 37) % 60)::numeric + (g % 4) * 0.25, 2) end,
           -- Not g % 7 as the duration: each length of job would come in one currency only (2-3 days in
           -- tenge and sums, which no rate in dollars matches).
           (enum_range(null::job_currency))[1 + (g / 7) % 7],
           1 + g % 5,
           case when g % 20 < 17 then 'open' when g % 20 = 17 then 'in_progress'
                when g % 20 = 18 then 'completed' else 'cancelled' end::job_status,
           (array['ru','en','uz','kk','tk','es','de','fr','ar','zh'])[1 + g % 10],
           now() - g * interval '13 seconds'
    from generate_series(1, ${JOBS}) g, gazetteer`);
  // Each completed job's employer is rated by a worker (ids 5k+1 are workers).
  await db.unsafe(`
    insert into ratings (job_id, from_user_id, to_user_id, rating, comment)
    select j.id, 'bench-' || (5 * (row_number() over (order by j.id) % ${PEOPLE / 5}) + 1), j.employer_id,
           1 + (row_number() over (order by j.id))::int % 5, 'Good to work with'
    from jobs j where j.status = 'completed'`);
  // As autovacuum would after a bulk load: statistics, visibility map, GIN pending list merged.
  await db.unsafe(`vacuum analyze`);
}
