import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { loadConfig } from '../../config';
import { FW_PATH } from '../../services/ota/jobs';
import { checksums, firmwarePath } from '../../services/ota/storage';
import { eq } from 'drizzle-orm';
import { DEVICE_PROTOCOL } from '../../../src/domain/codes';
import type { Db } from '../client';
import { firmwares } from '../schema/firmwares';
import { otaJobDevices } from '../schema/ota-job-devices';
import { otaJobs } from '../schema/ota-jobs';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';

const MIN = 60_000;

/**
 * Demo firmware images, deterministic bytes carrying `VERSION=` as the simulator's images do, so
 * a reseed writes the same files under the same names (FIRMWARE_DIR, default data/firmware).
 */
function demoImage(version: string, size: number): Buffer {
  const head = Buffer.from(`VERSION=${version}\n`);
  const body = Buffer.alloc(size);
  let seed = createHash('sha256').update(version).digest();
  for (let at = 0; at < size; at += seed.length) {
    seed.copy(body, at);
    seed = createHash('sha256').update(seed).digest();
  }
  return Buffer.concat([head, body]);
}

async function writeOnce(dir: string, key: string, bytes: Buffer) {
  const path = firmwarePath(dir, key);
  if (await access(path).then(() => true, () => false)) return;
  await mkdir(dir, { recursive: true });
  await writeFile(path, bytes);
}

/**
 * The GT06N rollout of the operations seed gets its image and download URLs, so that with the
 * simulator on, its waiting device is upgraded from this server (PUBLIC_URL, else the local port).
 */
async function linkRollout(db: Db, firmwareId: number) {
  const config = loadConfig();
  const base = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
  const [job] = await db
    .update(otaJobs)
    .set({ firmwareId, firmwareUrl: `${base}${FW_PATH}` })
    .where(eq(otaJobs.name, 'GT06N 1.3.0 rollout'))
    .returning({ id: otaJobs.id });
  if (!job) return;
  const rows = await db.select({ id: otaJobDevices.id }).from(otaJobDevices).where(eq(otaJobDevices.jobId, job.id));
  for (const r of rows)
    await db.update(otaJobDevices).set({ token: randomBytes(20).toString('hex') }).where(eq(otaJobDevices.id, r.id));
}

/** Two firmware images (JT/T 808 and GT06) and a finished 808 job: three upgraded, one failed to retry. */
export async function seedFactoryOta(db: Db, fleet: NewDeviceRow[], now: Date) {
  const dir = loadConfig().firmwareDir;
  const images = [
    { deviceType: 'JT808-A', protocol: DEVICE_PROTOCOL.eight, version: 'V2.3.0', size: 6000, notes: 'Power saving, GNSS fix' },
    { deviceType: 'GT06N', protocol: DEVICE_PROTOCOL.Gt06, version: 'V1.3.0', size: 12000, notes: 'Relay and SOS fixes' },
  ];
  const rows = [];
  for (const img of images) {
    const bytes = demoImage(img.version, img.size);
    const key = `${createHash('md5').update(`demo-${img.deviceType}-${img.version}`).digest('hex')}.bin`;
    await writeOnce(dir, key, bytes);
    rows.push({
      fileName: `${img.deviceType}-${img.version}.bin`,
      version: img.version,
      deviceType: img.deviceType,
      protocol: img.protocol,
      size: bytes.length,
      ...checksums(bytes),
      storageKey: key,
      notes: img.notes,
      uploadedBy: U.test,
      createdAt: new Date(now.getTime() - 2 * 24 * 60 * MIN),
    });
  }
  const [fw808, fwGt06] = await db.insert(firmwares).values(rows).returning();
  await linkRollout(db, fwGt06.id);

  const targets = fleet.filter((d) => d.deviceType === 'JT808-A').slice(0, 4);
  if (targets.length === 0) return;
  const at = (m: number) => new Date(now.getTime() - m * MIN);
  const [job] = await db
    .insert(otaJobs)
    .values({
      name: 'JT808-A V2.3.0',
      firmwareVersion: fw808.version,
      deviceType: fw808.deviceType,
      targetTerminalIds: targets.map((d) => d.terminalId),
      firmwareId: fw808.id,
      targetMode: 'imeis',
      status: 'done',
      createdBy: U.test,
      createdAt: at(300),
      finishedAt: at(240),
    })
    .returning({ id: otaJobs.id });
  await db.insert(otaJobDevices).values(
    targets.map((d, i) => {
      const failed = i === targets.length - 1;
      return {
        jobId: job.id,
        deviceId: d.id ?? null,
        terminalId: d.terminalId,
        status: failed ? ('failed' as const) : ('success' as const),
        progress: failed ? 45 : 100,
        fromVersion: 'V2.2.1',
        result: failed ? 'no answer' : '0x0108 result 0',
        attempts: 1,
        token: randomBytes(20).toString('hex'),
        sentAt: at(290),
        finishedAt: at(250 - i),
        updatedAt: at(250 - i),
      };
    }),
  );
}
