import { maxSpeedKmhOf } from '../../../src/domain/fix-jump';
import type { LocationMessage } from '../codec';
import type { PositionWriter } from '../../ingest/position-writer';
import type { KnownDevice } from './directory';
import { JumpMemory } from './jump-memory';
import { toPositionRecord } from './position-record';

/** One jump memory per position writer: the devices whose fixes that writer stores. */
const memories = new WeakMap<PositionWriter, JumpMemory>();

/**
 * Hands one decoded fix of a device with an account to the position writer, with what the
 * writer's consumers need of the device (expired: stored hidden; speed limit and owners for
 * the alarm engine). Shared by the TCP connections and the OsmAnd HTTP listener. `deviceId` is
 * the device's account row (a stock device, id null, stores nothing and never comes here).
 * A trusted fix out of reach of the device's last one is stored flagged as a jump
 * (src/domain/fix-jump.ts): it then moves neither the device row nor the alarms.
 */
export function storePosition(
  writer: PositionWriter,
  device: KnownDevice,
  deviceId: number,
  msg: LocationMessage,
  onStored?: () => void,
) {
  const record = toPositionRecord(deviceId, msg);
  if (record.valid) {
    let memory = memories.get(writer);
    if (!memory) memories.set(writer, (memory = new JumpMemory()));
    const fix = { lat: record.lat, lon: record.lon, t: record.fixTime.getTime() };
    if (memory.judge(deviceId, fix, maxSpeedKmhOf(device.protocol, device.maxSpeed))) {
      record.valid = false;
      record.attributes = { ...record.attributes, invalid: 'jump' };
    }
  }
  record.hidden = device.expired;
  record.terminalId = device.terminalId;
  record.speedLimit = device.speedLimit;
  record.owners = device.owners;
  if (onStored) record.onStored = onStored;
  writer.add(record);
}
