import { eq, inArray } from 'drizzle-orm';
import WebSocket from 'ws';
import { devices, type DeviceRow } from '../../server/db/schema/devices';
import { users } from '../../server/db/schema/users';
import type { Harness } from './harness';

/** Helpers shared by the device-management API tests. */
export async function ownedBy(h: Harness, username: string): Promise<DeviceRow[]> {
  const [u] = await h.handle.db.select().from(users).where(eq(users.username, username));
  return h.handle.db.select().from(devices).where(eq(devices.userId, u!.id)).orderBy(devices.id);
}

export async function reread(h: Harness, terminalIds: string[]): Promise<Map<string, DeviceRow>> {
  const rows = await h.handle.db.select().from(devices).where(inArray(devices.terminalId, terminalIds));
  return new Map(rows.map((r) => [r.terminalId, r]));
}

export interface Progress {
  type: 'batch';
  batchId: string;
  done: number;
  total: number;
  failed: number;
}

/** A real websocket client on a listening server, collecting batch progress messages. */
export async function openSocket(url: string, token: string) {
  const got: Progress[] = [];
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws?token=${token}`);
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString());
      if (m.type === 'hello') resolve();
      if (m.type === 'batch') got.push(m);
    });
    ws.on('error', reject);
  });
  return { ws, got };
}
