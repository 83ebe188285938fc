import {
  BATCH_NO_MAX,
  REMOVAL_REASON,
  STOCK_OP,
  STOCK_REMARK_MAX,
  STOCK_STATE,
  STOCK_TEST,
} from '../../domain/stock';
import { validateIccid } from '../../domain/validators';
import type { EntityDescriptor, EntityField } from '../types';
import { keyedOptions } from '../options';

type Row = Record<string, unknown>;

const text = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'text', maxLength: 64, ...extra });
const time = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'datetime', width: 160, ...extra });
const count = (): EntityField => ({ type: 'number', width: 90 });

/** Today's batch number, B + yyyymmdd, as the form's start value. */
const todayBatch = () => `B${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;

/** A stock record's before/after as one readable line ("iccid: 8986… → (none)"). */
function change(row: Row): string {
  const d = (row.detail ?? {}) as {
    before?: Row | null;
    after?: Row | null;
    reason?: number;
    remark?: string;
  };
  const keys = [...new Set([...Object.keys(d.before ?? {}), ...Object.keys(d.after ?? {})])];
  const show = (v: unknown) => (v == null || v === '' ? '∅' : String(v));
  const parts = keys.map((k) => `${k}: ${show(d.before?.[k])} → ${show(d.after?.[k])}`);
  if (d.remark) parts.push(d.remark);
  return parts.join('; ');
}

/**
 * Factory stock and SIM cards (issue 15, part 5): the stock list, stock in, shipping, removal,
 * the ICCID lookup, SIM matching and clearing. Labels are keys of the stock namespace.
 */
export const STOCK_ENTITY: EntityDescriptor = {
  namespace: 'stock',
  subject: 'test',
  fields: {
    terminalID: text({ maxLength: 20, labelKey: 'fields.imei', width: 160 }),
    // the pasted lines of the report screens (their label is the renderer's own)
    lines: { type: 'lines', required: true },
    imeis: { type: 'lines', required: true },
    iccid: text({ maxLength: 20, width: 190, validate: (v) => validateIccid(v) }),
    deviceType: text({ maxLength: 32, width: 100 }),
    defaultDeviceType: text({
      maxLength: 32,
      labelKey: 'fields.defaultDeviceType',
      helpKey: 'help.defaultDeviceType',
      param: 'deviceType',
      initialValue: 'GT06N',
    }),
    batchNo: text({ maxLength: BATCH_NO_MAX, width: 130 }),
    batchNoRequired: text({
      maxLength: BATCH_NO_MAX,
      required: true,
      labelKey: 'fields.batchNo',
      param: 'batchNo',
      initialValue: todayBatch,
    }),
    status: {
      type: 'select',
      options: keyedOptions('states', STOCK_STATE, { inStock: 'green', shipped: 'blue', removed: 'default' }),
      value: (row) => row.state ?? row.status,
      width: 100,
    },
    test: {
      type: 'select',
      options: keyedOptions('tests', STOCK_TEST, { untested: 'orange', passed: 'green', failed: 'red' }),
      width: 100,
    },
    testedAt: time(),
    shippedTo: text({ width: 110 }),
    shippedAt: time(),
    firmwareVersion: text({ width: 100 }),
    createdAt: time(),
    startTime: time(),
    endTime: time(),
    username: text({ required: true, labelKey: 'fields.agent', helpKey: 'help.agent' }),
    remark: text({ maxLength: STOCK_REMARK_MAX }),
    reason: { type: 'select', required: true, options: keyedOptions('reasons', REMOVAL_REASON) },
    // ICCID lookup
    iccidQuery: text({ required: true, labelKey: 'fields.iccidQuery', param: 'iccid' }),
    matchedBy: {
      type: 'select',
      options: [
        { value: 'iccid', labelKey: 'matchedBy.iccid', color: 'purple' },
        { value: 'imei', labelKey: 'matchedBy.imei', color: 'cyan' },
      ],
      width: 100,
    },
    stockIccid: text({ width: 190, copyable: true }),
    deviceIccid: text({ width: 190, copyable: true }),
    cardIccid: text({ width: 190 }),
    owner: text({ width: 110 }),
    // clearing
    clearWhat: {
      type: 'select',
      buttons: true,
      required: true,
      initialValue: 'card',
      options: [
        { value: 'card', labelKey: 'clear.card' },
        { value: 'data', labelKey: 'clear.data' },
      ],
    },
    positions: count(),
    alarms: count(),
    commands: count(),
    offlineCommands: count(),
    frames: count(),
    trackDays: count(),
    // records
    op: { type: 'select', options: keyedOptions('ops', STOCK_OP), width: 110 },
    recordedAt: time({ labelKey: 'fields.time', value: (row) => row.createdAt }),
    operator: text({ width: 110 }),
    target: text({ width: 110 }),
    change: { type: 'text', value: change },
  },
};
