import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES, PICTURES_PER_DEVICE_MAX } from '../../src/domain/limits';
import { PROTOCOL_FAMILY } from '../../src/domain/protocol-family';
import { ownedBy } from './device-fixture';
import { closeDatabase, startHarness, type Harness } from './harness';

/** Device pictures (upload, list, serve, delDevicePicture) and the public probe of /_test. */
let h: Harness;
let dir: string;
let agent: string;
let demo: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fg-pictures-'));
  h = await startHarness({ pictureDir: dir });
  agent = await h.login('agent');
  demo = await h.login('demo');
});
afterAll(async () => {
  await h.close();
  await closeDatabase();
  await rm(dir, { recursive: true, force: true });
});

const is808 = (d: { protocol: number }) => PROTOCOL_FAMILY[d.protocol] === 'jt808';
const gt06Of = async (owner: string, n = 0) => (await ownedBy(h, owner)).filter((d) => !is808(d))[n]!;
const foreign = async () => (await ownedBy(h, 'agent2user'))[0] ?? (await ownedBy(h, 'agent2'))[0]!;

describe('device pictures', () => {
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('rest of a png'),
  ]);
  const upload = (terminalID: string, body: Buffer, token: string, type = 'image/png') =>
    h.app.inject({
      method: 'POST',
      url: `/api/device/picture/upload?terminalID=${terminalID}&fileName=front.png`,
      payload: body,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
    });

  it('uploads, lists, serves and deletes a picture, in scope only', async () => {
    const d = await gt06Of('agent');
    const up = await upload(d.terminalId, PNG, agent);
    expect(up.statusCode, up.body).toBe(200);
    const pic = up.json().data;
    expect(pic).toMatchObject({ fileName: 'front.png', mime: 'image/png', size: PNG.length });
    const list = await h.post('/api/device/picture/list', { terminalID: d.terminalId }, agent);
    expect(list.data.map((p: { id: number }) => p.id)).toEqual([pic.id]);
    const served = await h.app.inject({
      method: 'GET',
      url: `/api/device/picture/${pic.id}`,
      headers: { authorization: `Bearer ${agent}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const agent2 = await h.login('agent2');
    const stranger = await h.app.inject({
      method: 'GET',
      url: `/api/device/picture/${pic.id}`,
      headers: { authorization: `Bearer ${agent2}` },
    });
    expect(stranger.statusCode).toBe(404);
    expect((await h.post('/api/device/picture/list', { terminalID: d.terminalId }, agent2)).status).toBe(404);
    expect((await h.post('/api/device/delDevicePicture', { id: pic.id }, agent2)).status).toBe(404);
    expect((await h.post('/api/device/delDevicePicture', { id: pic.id }, demo)).meta.key).toBe(
      'demoForbidden',
    );
    expect((await upload((await foreign()).terminalId, PNG, agent)).statusCode).toBe(404);

    const del = await h.post('/api/device/delDevicePicture', { id: pic.id }, agent);
    expect(del.meta.success).toBe(true);
    expect((await h.post('/api/device/picture/list', { terminalID: d.terminalId }, agent)).data).toEqual([]);
  });

  it('refuses a file that is not an image, one too large, a JSON body and more than the limit', async () => {
    const d = await gt06Of('agent', 1);
    const text = await upload(d.terminalId, Buffer.from('<svg onload=alert(1)>'), agent, 'image/png');
    expect(text.json().meta.key).toBe('pictureTypeInvalid');
    const big = Buffer.concat([PNG, Buffer.alloc(PICTURE_MAX_BYTES)]);
    const large = await upload(d.terminalId, big, agent);
    expect(large.statusCode).toBe(413);
    const json = await h.post('/api/device/picture/upload?terminalID=' + d.terminalId, { a: 1 }, agent);
    expect(json.meta.key).toBe('pictureRawBody');
    for (let i = 0; i < PICTURES_PER_DEVICE_MAX; i++)
      expect((await upload(d.terminalId, PNG, agent)).statusCode).toBe(200);
    const over = await upload(d.terminalId, PNG, agent);
    expect(over.json().meta.key).toBe('pictureLimit');
  });
});

describe('GET /api/probe', () => {
  it('answers without login with the version, time and checks only', async () => {
    const r = await h.get('/api/probe');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ database: { ok: true }, bus: { ok: true } });
    expect(Math.abs(Date.parse(r.data.serverTime) - Date.now())).toBeLessThan(60_000);
    expect(Object.keys(r.data).sort()).toEqual(['bus', 'database', 'serverTime', 'uptimeSeconds', 'version']);
  });
});
