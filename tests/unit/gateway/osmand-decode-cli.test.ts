import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeOsmAndText } from '../../../server/gateway/osmand/decode-text';

const ROOT = join(import.meta.dirname, '../../..');
const NOW = new Date('2026-11-26T10:00:00Z');

describe('OsmAnd in the decode CLI', () => {
  it('reads a bare query string, a target with host, or a JSON body', () => {
    expect(decodeOsmAndText('id=7&lat=1.5&lon=2.5&speed=1', NOW)).toMatchObject({
      ok: true,
      terminalId: '7',
      messages: [{ latitude: 1.5, longitude: 2.5, speed: 1.85 }], // 1 kn in km/h, to 0.01,
    });
    expect(decodeOsmAndText('http://h:5055/?id=8&lat=1&lon=2', NOW)).toMatchObject({
      ok: true,
      terminalId: '8',
    });
    const json =
      '{"device_id":"9","location":{"timestamp":"2025-01-01T00:00:00Z","coords":{"latitude":1,"longitude":2,"speed":1}}}';
    expect(decodeOsmAndText(json, NOW)).toMatchObject({
      ok: true,
      terminalId: '9',
      messages: [{ speed: 3.6 }],
    });
    expect(decodeOsmAndText('id=1&lat=95&lon=0', NOW)).toEqual({
      ok: false,
      protocol: 'osmand',
      error: 'lat is invalid',
    });
  });

  it('npm run decode -- --protocol osmand prints one JSON line per input', () => {
    const tsx = join(ROOT, 'node_modules/.bin/tsx');
    const run = spawnSync(
      tsx,
      ['server/gateway/decode-cli.ts', '--protocol', 'osmand', 'id=5&lat=3&lon=4', 'lat=1'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ ok: true, terminalId: '5' });
    expect(lines[1]).toMatchObject({ ok: false, error: 'id is missing or invalid' });
  });
});
