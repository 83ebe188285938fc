import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs } from '../../server/db/schema/device-logs';
import { closeDatabase, startHarness, type Harness } from './harness';

/** The NB-IoT callback: notices of active subscriptions land in the frame log; others are refused. */
let h: Harness;
let test: string;

beforeAll(async () => {
  h = await startHarness();
  test = await h.login('test');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const notice = (imei: string, notifyType = 'deviceDataChanged') => ({
  notifyType,
  deviceId: 'a1b2c3d4-0001',
  gatewayId: 'a1b2c3d4-0001',
  requestId: 'r-1',
  service: {
    serviceId: 'Location',
    serviceType: 'Location',
    eventTime: '20261126T010203Z',
    data: { imei, lat: 22.5, lon: 114.05, payload: '7878' },
  },
});

const logsOf = (terminalId: string) =>
  h.handle.db
    .select()
    .from(deviceLogs)
    .where(and(eq(deviceLogs.terminalId, terminalId)));

describe('NB-IoT notices', () => {
  it('records a notice of an active subscription against its IMEI, decoded, for the log search', async () => {
    const sub = await h.post('/api/setting/nbSubscribe', { notifyType: 'deviceDataChanged' }, test);
    expect(sub.meta.success).toBe(true);
    const r = await h.post('/api/nb/notify/nb', notice('868120300000017'));
    expect(r.status).toBe(200);
    const rows = await logsOf('868120300000017');
    expect(rows).toHaveLength(1);
    expect(rows[0].direction).toBe('in');
    expect(rows[0].decoded).toMatchObject({
      nb: { kind: 'nb', notifyType: 'deviceDataChanged', service: { data: { lat: '22.5' } } },
    });
    expect(Buffer.from(rows[0].raw, 'hex').toString()).toContain('"notifyType":"deviceDataChanged"');
    const search = await h.post('/api/log/searchLogApi', { terminalID: '868120300000017' }, test);
    expect(search.meta.success, JSON.stringify(search.meta)).toBe(true);
  });

  it('refuses notices nobody subscribed to, of the other kind, or after unsubscribing', async () => {
    expect((await h.post('/api/nb/notify/nb', notice('868120300000025', 'deviceDeleted'))).status).toBe(404);
    expect((await h.post('/api/nb/notify/ccs', notice('868120300000025'))).status).toBe(404);
    const list = (await h.post('/api/setting/subscriptions', {}, test)).data.list as {
      id: number;
      kind: string;
      notifyType: string;
    }[];
    const sub = list.find((s) => s.kind === 'nb' && s.notifyType === 'deviceDataChanged')!;
    expect((await h.post('/api/setting/unsubscribe', { id: sub.id }, test)).meta.success).toBe(true);
    expect((await h.post('/api/nb/notify/nb', notice('868120300000025'))).status).toBe(404);
    expect(await logsOf('868120300000025')).toHaveLength(0);
  });

  it('answers 400 to a malformed notice', async () => {
    const r = await h.post('/api/nb/notify/nb', { notifyType: 'noSuchType' });
    expect(r.status).toBe(400);
  });
});
