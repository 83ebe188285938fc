import { and, eq, inArray, like } from 'drizzle-orm';
import { decisiveExpiry } from '../../../src/domain/expiry';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { webhookEndpoints } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { subtreeOf } from '../scope';

/**
 * Who receives a device's positions: the enabled endpoints subscribed to 'position' whose
 * owner's subtree holds the device (the same reach as the owner's own API calls). Read as a
 * whole from the database, so a position is routed by two map lookups, never a query.
 */
export interface Receiver {
  id: number;
  url: string;
  secret: string;
}

export interface DeviceRoute {
  terminalId: string;
  /** Decisive expiry in epoch ms (null: none): an expired device's positions are not sent. */
  expiry: number | null;
  endpointIds: number[];
}

export interface Routes {
  receivers: Map<number, Receiver>;
  devices: Map<number, DeviceRoute>;
}

export async function loadRoutes(db: Db): Promise<Routes> {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      owner: { id: users.id, ancestors: users.ancestors },
    })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.userId))
    .where(and(eq(webhookEndpoints.enabled, true), like(webhookEndpoints.events, '%position%')));
  const routes: Routes = { receivers: new Map(), devices: new Map() };
  for (const r of rows) {
    routes.receivers.set(r.id, { id: r.id, url: r.url, secret: r.secret });
    const owners = db.select({ id: users.id }).from(users).where(subtreeOf(r.owner));
    const reached = await db
      .select({
        id: devices.id,
        terminalId: devices.terminalId,
        expireType: devices.expireType,
        platformExpireAt: devices.platformExpireAt,
        userExpireAt: devices.userExpireAt,
      })
      .from(devices)
      .where(inArray(devices.userId, owners));
    for (const dv of reached) {
      const route = routes.devices.get(dv.id);
      if (route) route.endpointIds.push(r.id);
      else
        routes.devices.set(dv.id, {
          terminalId: dv.terminalId,
          expiry: decisiveExpiry(dv),
          endpointIds: [r.id],
        });
    }
  }
  return routes;
}
