import { and, eq } from 'drizzle-orm';
import type { NbKind } from '../../../src/domain/factory';
import type { Db } from '../../db/client';
import { nbSubscriptions } from '../../db/schema/factory-settings';
import { FrameLog } from '../../gateway/runtime/frame-log';

/** What the NB-IoT platform posts to a subscription's callback (the fields we read of it). */
export interface NbNotice {
  notifyType: string;
  deviceId?: string;
  imei?: string;
  gatewayId?: string;
  requestId?: string;
  service?: { serviceId?: string; serviceType?: string; eventTime?: string; data?: Record<string, unknown> };
}

/** The terminal a notice is about: its IMEI where the platform gives one, else the platform's device id. */
export function noticeTerminal(n: NbNotice): string | null {
  const imei = n.imei ?? (typeof n.service?.data?.imei === 'string' ? n.service.data.imei : undefined);
  const id = (imei ?? n.deviceId ?? '').trim();
  return id ? id.slice(0, 20) : null;
}

/**
 * Records a notice of an active subscription in the frame log (device_logs), so the factory log
 * search shows a terminal's NB-IoT traffic beside its TCP frames. A notice no active subscription
 * of this kind and type asked for is refused (false): the platform only posts what was
 * subscribed, so anything else is not from it.
 */
export async function recordNotice(db: Db, kind: NbKind, notice: NbNotice, raw: Buffer): Promise<boolean> {
  const [sub] = await db
    .select({ id: nbSubscriptions.id })
    .from(nbSubscriptions)
    .where(
      and(
        eq(nbSubscriptions.kind, kind),
        eq(nbSubscriptions.notifyType, notice.notifyType),
        eq(nbSubscriptions.status, 'active'),
      ),
    )
    .limit(1);
  if (!sub) return false;
  const terminalId = noticeTerminal(notice);
  if (!terminalId) return true;
  const log = new FrameLog(db);
  log.add({
    deviceId: null,
    terminalId,
    direction: 'in',
    protocol: null,
    raw: raw.toString('hex'),
    decoded: { nb: { kind, ...notice } },
    at: new Date(),
  });
  await log.close();
  return true;
}
