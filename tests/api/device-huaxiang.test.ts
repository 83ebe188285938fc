import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { vehicleProfiles } from '../../server/db/schema/vehicle-profiles';
import { closeDatabase, startHarness, type Harness } from './harness';
import { ownedBy, reread } from './device-fixture';

let h: Harness;
let agent: string;

beforeAll(async () => {
  h = await startHarness();
  agent = await h.login('agent');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
});

const first = async (owner: string, n = 0) => (await ownedBy(h, owner))[n]!;

describe('POST /api/device/huaXiangDataImport', () => {
  it('imports vehicle profiles per row with plate, SIM and telephone checks', async () => {
    const [a, b, c, d, e] = (await ownedBy(h, 'superuser')).slice(0, 5);
    const taken = (await ownedBy(h, 'agent2')).find((x) => x.carNumber)!.carNumber;
    const foreign = await first('agent2');
    const rows = [
      {
        terminalID: a!.terminalId,
        carNumber: '粤B12345',
        nickname: 'Cold chain 1',
        sim: '1440123456789',
        driverName: '王师傅',
        driverPhone: '13912345678',
        vehicleModel: 'Isuzu',
      },
      { terminalID: b!.terminalId, carNumber: '粤b12345' },
      { terminalID: c!.terminalId, carNumber: taken },
      { terminalID: d!.terminalId, sim: '123' },
      { terminalID: e!.terminalId, driverPhone: '555' },
      { terminalID: e!.terminalId, carNumber: 'XX' },
      { terminalID: foreign.terminalId, nickname: 'hijack' },
      { terminalID: '000000', nickname: 'ghost' },
    ];
    const r = await h.post('/api/device/huaXiangDataImport', { rows }, agent);
    expect(r.data.results.map((x: { key?: string }) => x.key ?? 'ok')).toEqual([
      'ok',
      'plateTaken',
      'plateTaken',
      'simInvalid',
      'telephoneInvalid',
      'imeiDuplicate',
      'notFound',
      'notFound',
    ]);
    expect(r.data.succeeded).toBe(1);
    const after = await reread(h, [a!.terminalId, b!.terminalId, foreign.terminalId]);
    expect(after.get(a!.terminalId)).toMatchObject({
      carNumber: '粤B12345',
      nickname: 'Cold chain 1',
      sim: '1440123456789',
    });
    expect(after.get(b!.terminalId)!.carNumber).toBe(b!.carNumber);
    expect(after.get(foreign.terminalId)!.nickname).toBe(foreign.nickname);
    const [profile] = await h.handle.db
      .select()
      .from(vehicleProfiles)
      .where(eq(vehicleProfiles.deviceId, a!.id));
    expect(profile).toMatchObject({
      driverName: '王师傅',
      driverPhone: '13912345678',
      vehicleModel: 'Isuzu',
    });
    const info = await h.post('/api/device/userInfo', { terminalID: a!.terminalId }, agent);
    expect(info.data.profile).toEqual({
      driverName: '王师傅',
      driverPhone: '13912345678',
      vehicleModel: 'Isuzu',
    });
    const asUser = await h.post(
      '/api/device/huaXiangDataImport',
      { rows: [{ terminalID: (await first('user')).terminalId }] },
      await h.login('user'),
    );
    expect(asUser.meta.message).toBe('9906');
  });
});
