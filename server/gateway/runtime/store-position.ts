import type { LocationMessage } from '../codec';
import type { PositionWriter } from '../../ingest/position-writer';
import type { KnownDevice } from './directory';
import { toPositionRecord } from './position-record';

/**
 * Hands one decoded fix of a device with an account to the position writer, with what the
 * writer's consumers need of the device (expired: stored hidden; speed limit and owners for
 * the alarm engine). Shared by the TCP connections and the OsmAnd HTTP listener. `deviceId` is
 * the device's account row (a stock device, id null, stores nothing and never comes here).
 */
export function storePosition(
  writer: PositionWriter,
  device: KnownDevice,
  deviceId: number,
  msg: LocationMessage,
  onStored?: () => void,
) {
  const record = toPositionRecord(deviceId, msg);
  record.hidden = device.expired;
  record.terminalId = device.terminalId;
  record.speedLimit = device.speedLimit;
  record.owners = device.owners;
  if (onStored) record.onStored = onStored;
  writer.add(record);
}
