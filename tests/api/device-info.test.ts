import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
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

describe('POST /api/device/deviceUpdateDeviceInfo', () => {
  it('updates the fields, normalising the plate', async () => {
    const d = await first('agent');
    const r = await h.post(
      '/api/device/deviceUpdateDeviceInfo',
      {
        terminalID: d.terminalId,
        nickname: ' Van 7 ',
        carNumber: '京a9k7x2',
        sim: '13800138000',
        iccid: '89860012345678901234',
        remark: 'spare key',
        iconType: 5,
        timezone: -5,
      },
      agent,
    );
    expect(r.meta.success, JSON.stringify(r.meta)).toBe(true);
    expect(r.data).toMatchObject({
      terminalID: d.terminalId,
      nickname: 'Van 7',
      carNumber: '京A9K7X2',
      sim: '13800138000',
      iconType: 5,
      timezone: -5,
    });
    const row = (await reread(h, [d.terminalId])).get(d.terminalId)!;
    expect(row).toMatchObject({ carNumber: '京A9K7X2', iccid: '89860012345678901234', remark: 'spare key' });
  });

  it('checks plate, SIM, ICCID, icon and zone with the spec messages; a plate of another device is taken', async () => {
    const d = await first('agent', 1);
    const other = (await ownedBy(h, 'agent2')).find((x) => x.carNumber)!;
    const cases: [object, string][] = [
      [{ carNumber: 'ABC123' }, 'plateInvalid'],
      [{ sim: '12345' }, 'simInvalid'],
      [{ iccid: '123' }, 'iccidInvalid'],
      [{ iconType: 17 }, 'iconTypeInvalid'],
      [{ timezone: 14 }, 'timezoneInvalid'],
      [{ carNumber: other.carNumber }, 'plateTaken'],
    ];
    const before = (await reread(h, [d.terminalId])).get(d.terminalId);
    for (const [fields, key] of cases) {
      const r = await h.post(
        '/api/device/deviceUpdateDeviceInfo',
        { terminalID: d.terminalId, nickname: 'changed', ...fields },
        agent,
      );
      expect(r.meta.key, key).toBe(key);
      expect(r.meta.message).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
    expect(MESSAGES.simInvalid).toBe('Please enter the correct SIM card number.');
    expect((await reread(h, [d.terminalId])).get(d.terminalId)).toEqual(before);
    // Its own plate again is not "taken".
    const same = await h.post(
      '/api/device/deviceUpdateDeviceInfo',
      { terminalID: d.terminalId, carNumber: before!.carNumber },
      agent,
    );
    expect(same.meta.success).toBe(true);
  });

  it("cannot edit a device outside the subtree (agent → agent2's, subagent → agent's own)", async () => {
    const foreign = await first('agent2');
    const r = await h.post(
      '/api/device/deviceUpdateDeviceInfo',
      { terminalID: foreign.terminalId, nickname: 'hijack' },
      agent,
    );
    expect(r.status).toBe(404);
    expect(r.meta.key).toBe('notFound');
    const parents = await first('agent', 2);
    const up = await h.post(
      '/api/device/deviceUpdateDeviceInfo',
      { terminalID: parents.terminalId, nickname: 'hijack' },
      await h.login('subagent'),
    );
    expect(up.meta.key).toBe('notFound');
    const after = await reread(h, [foreign.terminalId, parents.terminalId]);
    expect(after.get(foreign.terminalId)!.nickname).toBe(foreign.nickname);
    expect(after.get(parents.terminalId)!.nickname).toBe(parents.nickname);
  });

  it('an end user edits its own device; the demo account may not', async () => {
    const d = await first('user');
    const r = await h.post(
      '/api/device/deviceUpdateDeviceInfo',
      { terminalID: d.terminalId, nickname: 'Mine' },
      await h.login('user'),
    );
    expect(r.data.nickname).toBe('Mine');
    const demo = await first('demo');
    const x = await h.post(
      '/api/device/deviceUpdateDeviceInfo',
      { terminalID: demo.terminalId, nickname: 'x' },
      await h.login('demo'),
    );
    expect(x.meta.key).toBe('demoForbidden');
  });
});

describe('ICCID and card ICCID', () => {
  it('imports ICCIDs checked against the given length, per row', async () => {
    const [a, b, c] = (await ownedBy(h, 'subagent')).slice(0, 3);
    const foreign = await first('agent2');
    const r = await h.post(
      '/api/device/iccidImport',
      {
        length: 20,
        rows: [
          { terminalID: a!.terminalId, iccid: '89860011112222333344' },
          { terminalID: b!.terminalId, iccid: '8986001111222233334' },
          { terminalID: c!.terminalId, iccid: '8986001111222233334X' },
          { terminalID: a!.terminalId, iccid: '89860011112222333355' },
          { terminalID: foreign.terminalId, iccid: '89860011112222333366' },
        ],
      },
      agent,
    );
    expect(r.data.total).toBe(5);
    expect(r.data.succeeded).toBe(2);
    expect(r.data.results.map((x: { ok: boolean; key?: string }) => x.key ?? 'ok')).toEqual([
      'ok',
      'iccidInvalid',
      'ok',
      'imeiDuplicate',
      'notFound',
    ]);
    const after = await reread(h, [a!.terminalId, b!.terminalId, c!.terminalId, foreign.terminalId]);
    expect(after.get(a!.terminalId)!.iccid).toBe('89860011112222333344');
    expect(after.get(b!.terminalId)!.iccid).toBe(b!.iccid);
    expect(after.get(c!.terminalId)!.iccid).toBe('8986001111222233334X');
    expect(after.get(foreign.terminalId)!.iccid).toBe(foreign.iccid);

    const exp = await h.post(
      '/api/device/deviceExportIccid',
      { imeis: `${a!.terminalId}\n\n${foreign.terminalId}\n${c!.terminalId}` },
      agent,
    );
    expect(exp.data.list).toEqual([
      { terminalID: a!.terminalId, iccid: '89860011112222333344', cardIccid: a!.cardIccid, sim: a!.sim },
      { terminalID: c!.terminalId, iccid: '8986001111222233334X', cardIccid: c!.cardIccid, sim: c!.sim },
    ]);
    expect(exp.data.missing).toEqual([foreign.terminalId]);
  });

  it('sets a card ICCID (19 or 20 characters) on a device of the subtree only', async () => {
    const d = await first('subagent', 4);
    const bad = await h.post(
      '/api/device/updateCardIccid',
      { terminalID: d.terminalId, cardIccid: '12345' },
      agent,
    );
    expect(bad.meta.key).toBe('iccidInvalid');
    const good = await h.post(
      '/api/device/updateCardIccid',
      { terminalID: d.terminalId, cardIccid: '8986002222333344445' },
      agent,
    );
    expect(good.data).toEqual({ terminalID: d.terminalId, cardIccid: '8986002222333344445' });
    expect((await reread(h, [d.terminalId])).get(d.terminalId)!.cardIccid).toBe('8986002222333344445');
    const foreign = await first('agent2');
    const x = await h.post(
      '/api/device/updateCardIccid',
      { terminalID: foreign.terminalId, cardIccid: '8986002222333344445' },
      agent,
    );
    expect(x.meta.key).toBe('notFound');
    expect((await reread(h, [foreign.terminalId])).get(foreign.terminalId)!.cardIccid).toBe(
      foreign.cardIccid,
    );
    const asUser = await h.post(
      '/api/device/updateCardIccid',
      { terminalID: (await first('user')).terminalId, cardIccid: '8986002222333344445' },
      await h.login('user'),
    );
    expect(asUser.meta.message).toBe('9906');
  });
});

describe('searches', () => {
  it('multi-info search: devices with owner path and state; others reported missing', async () => {
    const u = await first('user');
    const s = await first('subagent');
    const foreign = await first('agent2');
    const r = await h.post(
      '/api/device/multiInfoSearch',
      { imeis: ` ${u.terminalId}\n${foreign.terminalId}\n\n${s.terminalId}\n${u.terminalId}` },
      agent,
    );
    expect(r.data.list.map((x: { terminalID: string }) => x.terminalID)).toEqual([
      u.terminalId,
      s.terminalId,
    ]);
    expect(r.data.list[0]).toMatchObject({
      username: 'user',
      state: u.state,
      ownerPath: ['agent', 'subagent', 'user'],
    });
    expect(r.data.missing).toEqual([foreign.terminalId]);
    const asUser = await h.post(
      '/api/device/multiInfoSearch',
      { imeis: u.terminalId },
      await h.login('user'),
    );
    expect(asUser.meta.message).toBe('9906');
  });

  it('userInfo: a device with its owner account, in scope only', async () => {
    const u = await first('user');
    const r = await h.post('/api/device/userInfo', { terminalID: u.terminalId }, agent);
    expect(r.data.device.terminalID).toBe(u.terminalId);
    expect(r.data.owner).toMatchObject({
      username: 'user',
      telephone: '13700137000',
      ownerPath: ['agent', 'subagent', 'user'],
    });
    expect(r.data.owner).not.toHaveProperty('passwordHash');
    const foreign = await first('agent2');
    expect((await h.post('/api/device/userInfo', { terminalID: foreign.terminalId }, agent)).meta.key).toBe(
      'notFound',
    );
  });
});
