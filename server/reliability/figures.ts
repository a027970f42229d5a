import { sql, type Column, type SQL } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { profiles } from "../../db/schema/index.ts";
import {
  ON_TIME_GRACE_MINUTES,
  STRIKE_CLEAN_SHIFTS,
  type ReliabilityEventKind,
  type ReliabilityRole,
} from "../../domain/reliability.ts";
import { strikeAppealStates, type StrikeAppealState } from "../disputes/states.ts";

/** The most strikes a profile lists (the counts are always whole). */
export const STRIKES_LISTED = 50;

export type Strike = {
  id: string;
  kind: ReliabilityEventKind;
  role: ReliabilityRole;
  /** The day it is about: the shift day of a no-show, the job's start date of a cancellation. */
  onDate: string;
  noticeHours: number | null;
  reply: string | null;
  /** Shifts completed after it; it has expired once they reach STRIKE_CLEAN_SHIFTS. */
  cleanShiftsAfter: number;
  active: boolean;
};

/**
 * A person's record in numbers (docs/decisions/033): counts, never a score. `role` is the person's
 * account type: an employer's record is shifts worked on their jobs, late cancellations and strikes;
 * on-time and no-show figures are a worker's and are not shown for an employer (docs/decisions/047).
 */
export type Reliability = {
  role: ReliabilityRole;
  shiftsCompleted: number;
  /** Shifts worked on jobs that state a start time, and of those the ones checked in on time. */
  timedShifts: number;
  onTimeShifts: number;
  lateCancellations: number;
  noShows: number;
  activeStrikes: number;
  strikes: Strike[];
};

type Raw = {
  role: ReliabilityRole | null;
  shiftsCompleted: number;
  timedShifts: number;
  onTimeShifts: number;
  lateCancellations: number;
  noShows: number;
  strikes: Omit<Strike, "active">[];
};

/**
 * The person's reliability figures as one scalar SQL expression over `person` (a column or a value), read
 * through the person's own indexes; on time means checked in by the start plus ON_TIME_GRACE_MINUTES
 * (docs/decisions/033).
 */
export function reliabilityField(person: Column | SQL): SQL<Raw | string> {
  return sql<Raw | string>`(
    with shifts as (
      select a.job_id, a.shift_date from shift_attendance a
        join job_applications ap on ap.id = a.application_id
        where ap.worker_id = ${person} and a.presence = 'present'
      union
      select a.job_id, a.shift_date from shift_attendance a
        join jobs j on j.id = a.job_id
        where j.employer_id = ${person} and a.presence = 'present'
    ), timed as (
      select a.checked_in_at <= ((a.shift_date + j.start_time) at time zone c.time_zone)
               + make_interval(mins => ${ON_TIME_GRACE_MINUTES}) as on_time
        from shift_attendance a
        join job_applications ap on ap.id = a.application_id
        join jobs j on j.id = a.job_id
        join cities c on c.id = j.city_id
        where ap.worker_id = ${person} and a.presence = 'present' and j.start_time is not null
    )
    select json_build_object(
      'role', (select p.user_type from profiles p where p.id = ${person}),
      'shiftsCompleted', (select count(*) from shifts),
      'timedShifts', (select count(*) from timed),
      'onTimeShifts', (select count(*) from timed where on_time),
      'lateCancellations', (select count(*) from reliability_events e where e.user_id = ${person} and e.kind = 'late_cancellation'),
      'noShows', (select count(*) from reliability_events e where e.user_id = ${person} and e.kind = 'no_show'),
      'strikes', coalesce((
        select json_agg(json_build_object(
          'id', e.id, 'kind', e.kind, 'role', e.role, 'onDate', e.on_date, 'noticeHours', e.notice_hours,
          'reply', e.reply, 'cleanShiftsAfter', (select count(*) from shifts s where s.shift_date > e.on_date)
        ) order by e.on_date desc, e.created_at desc)
        from (
          select * from reliability_events e where e.user_id = ${person}
          order by e.on_date desc, e.created_at desc limit ${STRIKES_LISTED}
        ) e
      ), '[]'::json)
    ))`;
}

/** The answer of `reliabilityField`, with each strike's state and the active count. */
export function reliabilityFrom(raw: Raw | string): Reliability {
  const value = typeof raw === "string" ? (JSON.parse(raw) as Raw) : raw;
  const strikes = value.strikes.map((s) => ({
    ...s,
    cleanShiftsAfter: Number(s.cleanShiftsAfter),
    active: Number(s.cleanShiftsAfter) < STRIKE_CLEAN_SHIFTS,
  }));
  return {
    role: value.role ?? "worker",
    shiftsCompleted: Number(value.shiftsCompleted),
    timedShifts: Number(value.timedShifts),
    onTimeShifts: Number(value.onTimeShifts),
    lateCancellations: Number(value.lateCancellations),
    noShows: Number(value.noShows),
    activeStrikes: strikes.filter((s) => s.active).length,
    strikes,
  };
}

/** One person's figures. */
export async function reliabilityOf(db: Queryable, userId: string): Promise<Reliability> {
  const [row] = await db
    .select({ value: reliabilityField(sql`${userId}`) })
    .from(profiles)
    .where(sql`${profiles.id} = ${userId}`);
  return row
    ? reliabilityFrom(row.value)
    : {
        role: "worker",
        shiftsCompleted: 0,
        timedShifts: 0,
        onTimeShifts: 0,
        lateCancellations: 0,
        noShows: 0,
        activeStrikes: 0,
        strikes: [],
      };
}

/**
 * The person's own figures, each strike with where it stands with Daywork (docs/decisions/074): their
 * appeal and its answer, or until when they may appeal. Only the person reads this; others see
 * `reliabilityField`'s public strikes.
 */
export async function ownReliability(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<Omit<Reliability, "strikes"> & { strikes: (Strike & StrikeAppealState)[] }> {
  const figures = await reliabilityOf(db, userId);
  const states = await strikeAppealStates(
    db,
    userId,
    figures.strikes.map((s) => s.id),
    now,
  );
  return {
    ...figures,
    strikes: figures.strikes.map((s) => ({ ...s, ...(states.get(s.id) ?? { appeal: null, appealableUntil: null }) })),
  };
}
