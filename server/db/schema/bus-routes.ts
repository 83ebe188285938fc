import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { users } from './users';

/** A stop of a bus route: where it is (WGS-84) and how near counts as arrived (metres). */
export interface BusStop {
  name: string;
  lon: number;
  lat: number;
  radius: number;
}

/** A bus route: a polyline ([lon, lat] WGS-84) with its ordered stops. */
export const busRoutes = pgTable(
  'bus_routes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    line: jsonb('line').$type<[number, number][]>().notNull(),
    stops: jsonb('stops').$type<BusStop[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bus_routes_user_name_idx').on(t.userId, t.name)],
);

/** Vehicles assigned to a route. */
export const busRouteDevices = pgTable(
  'bus_route_devices',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => busRoutes.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.deviceId] }),
    index('bus_route_devices_device_idx').on(t.deviceId),
  ],
);

/** A vehicle's arrival at a stop of its route (index into the route's stops), and departure. */
export const busStopArrivals = pgTable(
  'bus_stop_arrivals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    routeId: integer('route_id')
      .notNull()
      .references(() => busRoutes.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    stopIndex: smallint('stop_index').notNull(),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    departedAt: timestamp('departed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bus_stop_arrivals_key_idx').on(t.routeId, t.deviceId, t.stopIndex, t.arrivedAt),
    index('bus_stop_arrivals_route_idx').on(t.routeId, t.arrivedAt),
    index('bus_stop_arrivals_open_idx')
      .on(t.deviceId)
      .where(sql`${t.departedAt} IS NULL`),
  ],
);

export type BusRouteRow = typeof busRoutes.$inferSelect;
export type BusStopArrivalRow = typeof busStopArrivals.$inferSelect;
