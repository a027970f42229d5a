import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { user } from "./auth.ts";

/**
 * The server instances holding WebSockets, each renewing its lease (server/session/socket-places.ts,
 * docs/decisions/065). An instance whose lease ran out has died: its sockets stop counting, and the next
 * beat of any instance deletes it with them.
 */
export const socketInstances = pgTable("socket_instances", {
  id: uuid("id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * One row per signed-in WebSocket open on any instance: counted per person against
 * LIMITS.socketsPerPerson, so the limit holds for the whole deployment. Deleted when the socket closes,
 * with its instance when that stops or dies, and with the account.
 */
export const liveSockets = pgTable(
  "live_sockets",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    instanceId: uuid("instance_id")
      .notNull()
      .references(() => socketInstances.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_sockets_user_idx").on(t.userId), index("live_sockets_instance_idx").on(t.instanceId)],
);
