import {
  ALARM_ADDRESS_MAX,
  ALARM_IDS_MAX,
  ALARM_READ_STATES,
  ALARM_TYPE_MAX,
  ALARM_TYPES_FILTER_MAX,
} from '../../../src/domain/alarm-list';
import { DEVICE_BATCH_MAX } from '../../../src/domain/device-rules';
import { PageQuery } from '../../lib/envelope';
import {
  BigId,
  Body,
  DateOnly,
  Id,
  List,
  OneOf,
  TerminalIdList,
  Text,
  Token,
  Type,
} from '../../lib/schema/primitives';
import { FormatSchema } from '../device/schemas';

/** Request schemas of the alarm routes (docs/api/alarms.md). */

const Filter = {
  userId: Type.Optional(Id()),
  includeSubtree: Type.Optional(Type.Boolean()),
  terminalIDs: Type.Optional(TerminalIdList(DEVICE_BATCH_MAX)),
  types: Type.Optional(List(Token(ALARM_TYPE_MAX), ALARM_TYPES_FILTER_MAX)),
  startDate: Type.Optional(DateOnly()),
  endDate: Type.Optional(DateOnly()),
  read: Type.Optional(OneOf(ALARM_READ_STATES)),
};

/** Rows named by id, or with `all: true` every alarm matching the filter fields. */
const Targets = {
  ...Filter,
  id: Type.Optional(BigId()),
  ids: Type.Optional(List(BigId(), ALARM_IDS_MAX)),
  all: Type.Optional(Type.Boolean()),
};

export const AlarmListBody = Body({ ...PageQuery, ...Filter });
/** `read` is the new state: the filter's read state does not apply to a mark. */
export const AlarmMarkBody = Body({ ...Targets, read: Type.Boolean() });
export const AlarmDeleteBody = Body(Targets);
export const AlarmAddressBody = Body({ id: BigId(), address: Text(ALARM_ADDRESS_MAX) });
export const AlarmExportBody = Body({ ...Filter, format: Type.Optional(FormatSchema) });
