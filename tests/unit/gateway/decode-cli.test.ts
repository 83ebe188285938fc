import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GT06, JT808 } from './frames';

const ROOT = join(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

interface Run {
  code: number | null;
  lines: Array<Record<string, unknown>>;
  stderr: string;
}

/** Spawns a command in the repo root, feeding `stdin`, and parses each stdout line as JSON. */
function spawnCli(command: string, args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = out
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      resolve({ code, lines, stderr: err });
    });
    child.stdin.end(stdin);
  });
}

const decode = (protocol: string, frames: string[], stdin?: string) =>
  spawnCli(TSX, ['server/gateway/decode-cli.ts', '--protocol', protocol, ...frames], stdin);

// Each test spawns tsx (a few seconds on a busy machine), so the file gets a roomier timeout.
describe('decode CLI', { timeout: 60_000 }, () => {
  it('runs as `npm run decode` and prints the acceptance GT06 frames', async () => {
    const run = await spawnCli('npm', [
      'run',
      '--silent',
      'decode',
      '--',
      '--protocol',
      'gt06',
      GT06.login,
      GT06.location12,
    ]);
    expect(run.code).toBe(0);
    expect(run.lines).toHaveLength(2);
    expect(run.lines[0]).toMatchObject({
      ok: true,
      messages: [{ type: 'login', deviceId: '864717003283581' }],
      reply: '78780501000955940d0a',
    });
    const location = run.lines[1] as { messages: Array<Record<string, unknown>> };
    expect(location.messages[0]).toMatchObject({
      type: 'location',
      deviceId: '864717003283581', // same session as the login before it
      time: '2015-10-20T14:21:11.000Z',
      valid: true,
      speed: 0,
      course: 0,
    });
    expect(location.messages[0].latitude).toBeCloseTo(54.94535, 5);
    expect(location.messages[0].longitude).toBeCloseTo(24.01762, 5);
  });

  it('decodes a GT06 location with no login and no device id', async () => {
    const run = await decode('gt06', [GT06.location12, GT06.heartbeat, GT06.alarmTampering]);
    const [location, heartbeat, alarm] = run.lines as Array<{
      messages: Array<Record<string, unknown>>;
      reply: string;
    }>;
    expect(location.messages[0]).not.toHaveProperty('deviceId');
    expect(heartbeat.reply).toBe('7878051301295d630d0a');
    expect(alarm.messages[0]).toMatchObject({ type: 'alarm', alarm: 'tampering' });
  });

  it('reads one frame per line from standard input', async () => {
    const stdin = [JT808.register, '', JT808.location, JT808.heartbeat.toUpperCase()].join('\n') + '\n';
    const run = await decode('jt808', [], stdin);
    expect(run.code).toBe(0);
    expect(run.lines).toHaveLength(3);
    // Registrations are answered by the gateway from stored codes, not by the codec.
    expect(run.lines[0]).toMatchObject({ ok: true, messages: [{ type: 'register' }], reply: null });
    expect(run.lines[1]).toMatchObject({
      ok: true,
      messages: [
        { type: 'location', latitude: 22.51488, longitude: 113.916508, time: '2014-07-23T09:20:15.000Z' },
      ],
    });
    // One stream is one connection: the platform serial counts up (the location's ack was 0).
    expect(run.lines[2].reply).toBe('7e80010005043048325465000100b70002004f7e');
  });

  it('answers bad input with ok:false and keeps going', async () => {
    const huge = '78'.repeat(1_100_000);
    const garbage = 'deadbeef'.repeat(50);
    const run = await decode('gt06', [], ['zz', '123', garbage, huge, '7878', GT06.heartbeat].join('\n'));
    expect(run.code).toBe(0);
    expect(run.lines.map((l) => l.ok)).toEqual([false, false, false, false, false, true]);
    for (const line of run.lines.slice(0, 5)) expect(typeof line.error).toBe('string');
    expect(run.lines[1].error).toMatch(/odd/);
  });

  it('reports an empty argument as an error', async () => {
    const run = await decode('jt808', ['', '7e7e']);
    expect(run.lines).toEqual([
      { ok: false, error: 'empty input' },
      { ok: false, error: expect.stringMatching(/short/) },
    ]);
  });

  it('refuses an unknown protocol with usage on stderr', async () => {
    const run = await decode('gps103', ['00']);
    expect(run.code).toBe(2);
    expect(run.lines).toEqual([]);
    expect(run.stderr).toMatch(/usage/);
  });
});
