import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate, openDatabase, type DbHandle } from './client';
import { seedDemo } from './seed/index';

/**
 * Templates of a test database: migrated, or migrated and seeded with the demo. Opening an
 * in-memory PGlite, migrating and seeding it took about 12 s per test file, most of the
 * database suites' time; a copy of a template takes about 2 s (PGlite loads a dumped data
 * directory, PostgreSQL copies a template database).
 *
 * The seed is placed relative to the clock (online devices' last fixes, today's tracks,
 * expiries), so a template is used for TEMPLATE_TTL_MS only: no test sees a demo more than
 * that much older than one seeded for it. Its key hashes the code the schema and the seed are
 * made of, so an edit never meets a template made by the code before it.
 */
export const TEMPLATE_TTL_MS = 90_000;
export type TemplateKind = 'migrated' | 'seeded';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SOURCES = ['server', 'src/domain', 'config'];

function collectSourceStamps(dir: string, out: string[]) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) collectSourceStamps(p, out);
    else if (/\.(ts|sql|json)$/.test(e.name)) {
      const s = statSync(p);
      out.push(`${p}:${s.size}:${s.mtimeMs}`);
    }
  }
}

let key: string | undefined;
/** A short hash of the path, size and time of every source the schema and seed may come from. */
export function templateKey(): string {
  if (key) return key;
  const entries: string[] = [];
  for (const s of SOURCES) collectSourceStamps(join(ROOT, s), entries);
  key = createHash('sha256').update(entries.sort().join('\n')).digest('hex').slice(0, 12);
  return key;
}

async function fill(handle: DbHandle, kind: TemplateKind) {
  await migrate(handle);
  if (kind === 'seeded') await seedDemo(handle);
}

const fresh = (at: number, now = Date.now()) => now - at < TEMPLATE_TTL_MS;

// ---- PGlite: a dumped data directory in a file, shared by the workers of a run ----

const DIR = join(tmpdir(), 'fleetgate-test-templates');

/** Holds a lock file while `fn` runs; waits for another holder (a stale lock is taken over). */
async function withFileLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released between the two calls
      }
      if (age > 120_000) rmSync(lock, { force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** The data directory of a fresh template of this kind, built when missing or too old. */
export async function pgliteTemplate(kind: TemplateKind): Promise<Blob> {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `${templateKey()}-${kind}.tar`);
  const age = () => {
    try {
      return statSync(file).mtimeMs;
    } catch {
      return 0;
    }
  };
  if (!fresh(age())) {
    await withFileLock(`${file}.lock`, async () => {
      if (fresh(age())) return; // built by another worker meanwhile
      const started = Date.now();
      const handle = await openDatabase({ dataDir: 'memory' });
      try {
        await fill(handle, kind);
        if (handle.kind !== 'pglite') throw new Error('not PGlite');
        const blob = await handle.raw.dumpDataDir('none');
        writeFileSync(`${file}.tmp`, Buffer.from(await blob.arrayBuffer()));
        renameSync(`${file}.tmp`, file);
      } finally {
        await handle.close();
      }
      // Dated from the start of the build: the seed's clock is read then.
      utimesSync(file, new Date(started), new Date(started));
    });
  }
  return new Blob([readFileSync(file)]);
}

// ---- PostgreSQL: a template database next to the test databases ----

// Arbitrary constant: serialises building, refreshing and copying the templates.
const TEMPLATE_LOCK_KEY = 774_201_031;

/**
 * Creates database `name` as a copy of a fresh template of this kind. The advisory lock keeps a
 * template from being rebuilt while another worker copies it (a copy needs it unused).
 */
export async function createFromTemplate(adminUrl: string, name: string, kind: TemplateKind): Promise<void> {
  const tpl = `fg_tpl_${templateKey()}_${kind}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rows } = await admin.query<{ datname: string; note: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname LIKE 'fg\\_tpl\\_%'`,
    );
    let current = false;
    for (const r of rows) {
      const ok = r.datname.startsWith(`fg_tpl_${templateKey()}_`) && fresh(Number(r.note));
      if (r.datname === tpl) current = ok;
      if (!ok) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    }
    if (!current) {
      const started = Date.now();
      await admin.query(`CREATE DATABASE "${tpl}"`);
      const u = new URL(adminUrl);
      u.pathname = `/${tpl}`;
      const handle = await openDatabase({ url: u.toString() });
      try {
        await fill(handle, kind);
      } finally {
        await handle.close();
      }
      await admin.query(`COMMENT ON DATABASE "${tpl}" IS '${started}'`);
    }
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${tpl}"`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
}
