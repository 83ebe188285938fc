import { RESULT_COLORS, STATUS_COLORS } from '../../components/command/colors';
import { COMMAND_RESULT, IMPORT_PROTOCOL } from '../../domain/codes';
import { COMMAND_ITEM_STATUSES } from '../../domain/command-batch';
import { ICON_TYPE_MAX, ICON_TYPE_MIN } from '../../domain/device-rules';
import { LOCATION_ACK_MODES } from '../../domain/location-ack';
import { MESSAGES } from '../../domain/messages';
import type { EntityDescriptor, FieldOption } from '../types';
import { PROTOCOL_OPTIONS } from '../options';

const importOptions: FieldOption[] = Object.entries(IMPORT_PROTOCOL).map(([name, value]) => ({
  value,
  labelKey: `device:importProtocols.${name}`,
}));
/*
 * The options of a batch item's status, result and reason; the factory's batch commands show the
 * same ones, so the label keys name the command namespace.
 */
export const COMMAND_STATUS_OPTIONS: FieldOption[] = COMMAND_ITEM_STATUSES.map((s) => ({
  value: s,
  labelKey: `command:status.${s}`,
  color: STATUS_COLORS[s],
}));
export const COMMAND_RESULT_OPTIONS: FieldOption[] = Object.entries(COMMAND_RESULT).map(([name, value]) => ({
  value,
  labelKey: `command:result.${name}`,
  color: RESULT_COLORS[name as keyof typeof RESULT_COLORS],
}));
/** Why a device of a batch was not sent the command: a key of the error catalogue. */
export const COMMAND_REASON_OPTIONS: FieldOption[] = Object.keys(MESSAGES).map((k) => ({
  value: k,
  labelKey: `errors:${k}`,
}));

/**
 * Device types with their command sets (deviceConfig), and one command sent to many devices
 * (multipleCmd, multipleCmdSearch). Labels are keys of the command namespace.
 */
export const COMMAND_ENTITY: EntityDescriptor = {
  namespace: 'command',
  subject: 'device',
  fields: {
    // device types
    name: { type: 'text', required: true, maxLength: 32, labelKey: 'deviceType.name' },
    protocol: { type: 'select', options: PROTOCOL_OPTIONS, required: true, labelKey: 'deviceType.protocol' },
    importProtocol: { type: 'select', options: importOptions, labelKey: 'deviceType.importProtocol' },
    description: { type: 'textarea', maxLength: 255, labelKey: 'deviceType.description' },
    iconType: { type: 'number', min: ICON_TYPE_MIN, max: ICON_TYPE_MAX, labelKey: 'deviceType.iconType' },
    commandConfig: {
      type: 'json',
      required: true,
      labelKey: 'deviceType.commandConfig',
      helpKey: 'deviceType.commandConfigHelp',
      initialValue: JSON.stringify({ framing: 'gt06Text', commands: [] }, null, 2),
    },
    locationAck: {
      type: 'select',
      buttons: true,
      required: true,
      options: LOCATION_ACK_MODES.map((m) => ({ value: m, labelKey: `deviceType.locationAcks.${m}` })),
      initialValue: 'protocol',
      labelKey: 'deviceType.locationAck',
      helpKey: 'deviceType.locationAckHelp',
    },
    commandCount: { type: 'number', labelKey: 'deviceType.commandCount', width: 110 },
    deviceCount: { type: 'number', labelKey: 'deviceType.deviceCount', width: 110 },
    keyword: { type: 'text', maxLength: 32, labelKey: 'deviceType.name', param: 'name' },
    // batches
    terminals: { type: 'lines', labelKey: 'batch.imeis' },
    // The offline import's pasted lines: `IMEI` or `IMEI,command text`.
    lines: { type: 'lines', labelKey: 'batch.imeis' },
    // The batch screen adds these to the pasted IMEIs (BatchView.pickField).
    picked: { type: 'devices', labelKey: 'batch.picked' },
    accountId: { type: 'account', labelKey: 'batch.account', helpKey: 'batch.accountHelp' },
    includeSubAccounts: { type: 'boolean', labelKey: 'batch.includeSubAccounts', initialValue: false },
    command: { type: 'command', labelKey: 'console.command' },
    batchNo: { type: 'number', labelKey: 'batch.batchNo', width: 80 },
    batchId: { type: 'text', maxLength: 64, labelKey: 'batch.batchId' },
    label: { type: 'text', labelKey: 'batch.label' },
    terminalID: { type: 'text', maxLength: 20, labelKey: 'batch.terminalID', width: 160 },
    status: { type: 'select', options: COMMAND_STATUS_OPTIONS, labelKey: 'history.status', width: 100 },
    content: { type: 'text', labelKey: 'history.content' },
    reply: { type: 'text', labelKey: 'history.reply' },
    result: { type: 'select', options: COMMAND_RESULT_OPTIONS, labelKey: 'history.result', width: 90 },
    username: { type: 'text', labelKey: 'history.sender', width: 110 },
    reason: { type: 'select', options: COMMAND_REASON_OPTIONS, labelKey: 'batch.reason' },
    startTime: { type: 'datetime', labelKey: 'batch.startTime' },
    endTime: { type: 'datetime', labelKey: 'batch.endTime' },
    updatedAt: { type: 'datetime', labelKey: 'batch.updatedAt', width: 170 },
  },
};
