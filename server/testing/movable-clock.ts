import type { FastifyInstance } from "fastify";
import { z } from "zod";

/** At most this far forward: a journey simulates days, not years. */
const MAX_OFFSET_HOURS = 24 * 14;

const moveSchema = z.object({ hours: z.number().min(0).max(MAX_OFFSET_HOURS) });

/**
 * A server clock that end-to-end journeys move forward to live through a job of several days
 * (E2E_MOVABLE_CLOCK, honoured only with NODE_ENV=test: server/config.ts). `PUT /api/test/clock` with
 * `{ hours }` sets how far ahead of the machine's clock `services.now()` runs; only forward, at most two
 * weeks. Sessions and the database keep real time, which a few days ahead does not disturb. `afterMove`
 * runs once the clock is moved: the server queues its reminder pass then, which the schedule would run
 * within ten minutes of real time (docs/decisions/046).
 */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    register(app: FastifyInstance, afterMove: () => Promise<unknown> = async () => {}) {
      app.put("/api/test/clock", async (request, reply) => {
        const parsed = moveSchema.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ error: "hours: a number from 0 to 336" });
        offsetMs = parsed.data.hours * 3_600_000;
        await afterMove();
        return { now: new Date(Date.now() + offsetMs).toISOString() };
      });
    },
  };
}
