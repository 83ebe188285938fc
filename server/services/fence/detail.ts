import { and, asc, eq } from 'drizzle-orm';
import { displayName } from '../../../src/domain/device-view';
import type { FenceAlarmMode } from '../../../src/domain/fence/rules';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { fenceDevices } from '../../db/schema/fence-devices';
import type { AuthContext } from '../../plugins/auth';
import { deviceScope } from '../devices/lookup';
import { loadFenceInScope, type FenceView } from './view';

export interface FenceAllocation {
  terminalID: string;
  /** Plate, else nickname, else terminal id. */
  name: string;
  alarmMode: FenceAlarmMode;
  postType: number;
  inMinutes: number;
  outMinutes: number;
  /** The side the alarm engine last saw the device on; null until its first fix after allocation. */
  inside: boolean | null;
}

export interface FenceDetail extends FenceView {
  allocations: FenceAllocation[];
  /**
   * Allocations to devices the caller cannot see (moved to another tree since): counted in
   * `devices`, not listed, and they keep the fence from being deleted.
   */
  hiddenDevices: number;
}

/** fence/detail (docs/api/fences.md): the fence and its allocations to the caller's devices. */
export async function fenceDetail(db: Db, auth: AuthContext, id: number): Promise<FenceDetail> {
  const fence = await loadFenceInScope(db, auth, id);
  const rows = await db
    .select({
      terminalId: devices.terminalId,
      nickname: devices.nickname,
      carNumber: devices.carNumber,
      alarmMode: fenceDevices.alarmMode,
      postType: fenceDevices.postType,
      inMinutes: fenceDevices.inMinutes,
      outMinutes: fenceDevices.outMinutes,
      inside: fenceDevices.inside,
    })
    .from(fenceDevices)
    .innerJoin(devices, eq(devices.id, fenceDevices.deviceId))
    .where(and(eq(fenceDevices.fenceId, fence.id), deviceScope(db, auth)))
    .orderBy(asc(devices.terminalId));
  const allocations = rows.map((r): FenceAllocation => ({
    terminalID: r.terminalId,
    name: displayName({ carNumber: r.carNumber, nickname: r.nickname, terminalID: r.terminalId }),
    alarmMode: r.alarmMode,
    postType: r.postType,
    inMinutes: r.inMinutes,
    outMinutes: r.outMinutes,
    inside: r.inside,
  }));
  return { ...fence, allocations, hiddenDevices: Math.max(0, fence.devices - allocations.length) };
}
