import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

/**
 * A PostgreSQL server of the test's own: initdb into a temporary folder and pg_ctl on a free
 * port, so a fault test can stop it for a minute without touching the machine's shared
 * server. PostgreSQL refuses to run as root, so as root it runs as the `postgres` OS user.
 * Durability is off (fsync, synchronous_commit): a stop here is a clean shutdown, not a crash,
 * and the test measures the platform, not the disk.
 */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG_USER = 'postgres';

const run = promisify(execFile);

export interface OwnPostgres {
  /** postgres://root@127.0.0.1:<port>/postgres (the superuser is named root). */
  url: string;
  port: number;
  start(): Promise<void>;
  /** Clean shutdown ('fast': clients are disconnected at once). */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

function asPgUser(bin: string, args: string[]) {
  const cmd = path.join(PG_BIN, bin);
  const asRoot = process.getuid?.() === 0;
  return asRoot
    ? run('runuser', ['-u', PG_USER, '--', cmd, ...args], { timeout: 120_000 })
    : run(cmd, args, { timeout: 120_000 });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fg-own-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', PG_USER]);
    const { stdout: gid } = await run('id', ['-g', PG_USER]);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  await asPgUser('initdb', [
    '-D',
    data,
    '-U',
    'root',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = async () => {
    await asPgUser('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  };
  const stop = async () => {
    await asPgUser('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  let disposed = false;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    await asPgUser('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (e) {
    await dispose();
    throw e;
  }
  return { url: `postgres://root@127.0.0.1:${port}/postgres`, port, start, stop, dispose };
}
