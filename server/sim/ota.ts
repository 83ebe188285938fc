import { createHash } from 'node:crypto';
import {
  buildJt808Frame,
  decodeJt808UpgradeBody,
  JT808_MSG,
  type Jt808Frame,
} from '../gateway/jt808';
import { JT808_UPGRADE_RESULT } from '../../src/domain/ota';
import { jt808GeneralReply, jt808Target } from './jt808-frames';

/** Bytes a simulated GT06 tracker asks for per range request. */
export const SIM_RANGE_BYTES = 4096;

/**
 * A simulated tracker's firmware upgrades (issue 15, part 4). JT/T 808: takes 0x8108
 * sub-packages, acknowledges each with 0x0001, reassembles and checks the image (its stated
 * length), then reports 0x0108. GT06: on the upgrade command it downloads the URL in Range
 * requests, checks the length against Content-Range, and then reports the new version.
 */
export class SimOta {
  version = 'SIM-1.0.0';
  /** Images installed (tests look at their sha256). */
  installed: { version: string; sha256: string }[] = [];
  /** Range requests made (tests check they were ranges). */
  ranges: string[] = [];
  private parts: Buffer[] = [];
  /** Set to make the next 808 upgrade report failure (tests of retry). */
  failNext = false;

  constructor(private terminalId: string) {}

  /** Frames to answer one 0x8108 frame with. */
  jt808Package(f: Jt808Frame, next: () => number): Buffer[] {
    const out = [jt808GeneralReply(this.terminalId, f.header.serial, JT808_MSG.upgradePackage, 0, next())];
    const count = f.header.packageCount ?? 1;
    const index = f.header.packageIndex ?? 1;
    if (index === 1) this.parts = [];
    this.parts[index - 1] = Buffer.from(f.body);
    if (index !== count) return out;
    const whole = decodeJt808UpgradeBody(Buffer.concat(this.parts));
    this.parts = [];
    const okay = whole !== null && !this.failNext;
    this.failNext = false;
    if (okay) this.install(whole.version, whole.data);
    const body = Buffer.of(whole?.type ?? 0, okay ? JT808_UPGRADE_RESULT.success : JT808_UPGRADE_RESULT.failure);
    out.push(buildJt808Frame(JT808_MSG.upgradeResult, body, jt808Target(this.terminalId), next()));
    return out;
  }

  /** The answer to a GT06 text command this handles (upgrade, version query), else null. */
  gt06Command(text: string): string | null {
    const upgrade = /^UPGRADE,(https?:\/\/\S+)#$/i.exec(text.trim());
    if (upgrade) {
      void this.download(upgrade[1]).catch(() => {});
      return 'UPGRADE OK: downloading';
    }
    if (/^VERSION#$/i.test(text.trim())) return `[VERSION]${this.version}`;
    return null;
  }

  private install(version: string, data: Buffer) {
    this.version = version;
    this.installed.push({ version, sha256: createHash('sha256').update(data).digest('hex') });
  }

  /** Downloads in ranges, checks the length, and installs it. */
  private async download(url: string) {
    const chunks: Buffer[] = [];
    let size = Infinity;
    for (let at = 0; at < size; at += SIM_RANGE_BYTES) {
      const range = `bytes=${at}-${at + SIM_RANGE_BYTES - 1}`;
      this.ranges.push(range);
      const res = await fetch(url, { headers: { range } });
      if (res.status !== 206) throw new Error(`download answered ${res.status}`);
      size = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ?? 0);
      chunks.push(Buffer.from(await res.arrayBuffer()));
    }
    const data = Buffer.concat(chunks);
    if (data.length !== size) throw new Error('incomplete download');
    this.install(imageVersion(data) ?? this.version, data);
  }
}

/** Images made for the simulator carry `VERSION=<version>` near their start, as real images carry theirs. */
export function imageVersion(data: Buffer): string | null {
  return /VERSION=([\x21-\x7e]{1,64})/.exec(data.subarray(0, 256).toString('latin1'))?.[1] ?? null;
}
