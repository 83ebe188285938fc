import { QC_CONFIG_NAME_MAX, QC_TEXT_MAX, TEST_KIND, type TestItem } from '../../domain/qc';
import type { EntityDescriptor, EntityField, FieldOption } from '../types';
import { keyedOptions } from '../options';
import { formatDateTime } from '../../domain/date-format';

type Row = Record<string, unknown>;

const text = (extra: Partial<EntityField> = {}): EntityField => ({
  type: 'text',
  maxLength: QC_TEXT_MAX,
  ...extra,
});
const time = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'datetime', width: 160, ...extra });
const count = (extra: Partial<EntityField> = {}): EntityField => ({ type: 'number', width: 80, ...extra });
/** A GPS measurement of a result row (kept under `gps`). */
const gps = (key: string): EntityField => ({
  type: 'number',
  width: 80,
  value: (row) => (row.gps as Row | null | undefined)?.[key] ?? row[key],
});

const kindOptions = keyedOptions('kinds', TEST_KIND);
const verdict = (passKey: string, failKey: string): FieldOption[] => [
  { value: true, labelKey: passKey, color: 'green' },
  { value: false, labelKey: failKey, color: 'red' },
];

/** A configuration's items as one line ("Voltage 3.6–4.3*; GPS = ok"). */
const configItemsText = (row: Row) =>
  ((row.items as Row[] | undefined) ?? [])
    .map((i) => {
      const range =
        i.min !== undefined && i.max !== undefined
          ? ` ${String(i.min)}–${String(i.max)}`
          : i.min !== undefined
            ? ` ≥ ${String(i.min)}`
            : i.max !== undefined
              ? ` ≤ ${String(i.max)}`
              : '';
      const expected = i.expected ? ` = ${String(i.expected)}` : '';
      return `${String(i.name)}${range}${expected}${i.required ? '*' : ''}`;
    })
    .join('; ');

const KIND_NAMES = Object.fromEntries(Object.entries(TEST_KIND).map(([name, code]) => [code, name]));

/** One terminal's recent results as one line, in local time ("11-26 07:43 serial ✓; …"). */
const recentText = (row: Row) =>
  ((row.recent as { testedAt: string; kind: number; passed: boolean }[] | undefined) ?? [])
    .map(
      (r) =>
        `${formatDateTime(r.testedAt, 'monthDayMinute')} ${KIND_NAMES[r.kind] ?? r.kind} ${r.passed ? '✓' : '✗'}`,
    )
    .join('; ');

/** A result's items as detail rows. */
export const itemRows = (row: Row) => ((row.items as TestItem[] | undefined) ?? []) as unknown as Row[];

/**
 * Factory quality control (issue 15, part 1): results, the per-terminal QC list, uploads,
 * one terminal's record and the test configurations. Labels are keys of the qc namespace.
 */
export const QC_ENTITY: EntityDescriptor = {
  namespace: 'qc',
  subject: 'test',
  fields: {
    terminalID: text({ maxLength: 20, labelKey: 'fields.imei', width: 160, copyable: true }),
    kind: { type: 'select', options: kindOptions, width: 110 },
    passed: { type: 'select', options: verdict('verdict.pass', 'verdict.fail'), width: 90 },
    result: {
      type: 'select',
      options: [
        { value: 'pass', labelKey: 'verdict.pass' },
        { value: 'fail', labelKey: 'verdict.fail' },
      ],
    },
    itemsText: { type: 'text', labelKey: 'fields.items' },
    deviceType: text({ maxLength: 32, width: 100 }),
    firmwareVersion: text({ width: 100 }),
    iccid: text({ width: 190 }),
    station: text({ width: 90 }),
    operator: text({ width: 90 }),
    config: text({ width: 120 }),
    testedAt: time(),
    createdAt: time(),
    updatedAt: time(),
    startTime: time(),
    endTime: time(),
    passes: count(),
    failures: count(),
    tests: count(),
    importable: { type: 'select', options: verdict('yesNo.yes', 'yesNo.no'), width: 90 },
    // GPS
    satellites: gps('satellites'),
    snrAvg: gps('snrAvg'),
    fixSeconds: gps('fixSeconds'),
    hdop: gps('hdop'),
    latitude: gps('latitude'),
    longitude: gps('longitude'),
    // a result's items (row detail)
    name: text({ labelKey: 'fields.itemName' }),
    value: {
      type: 'text',
      labelKey: 'fields.itemValue',
      format: (v) => (v === undefined || v === null ? '' : String(v)),
    },
    expected: text({ labelKey: 'fields.itemExpected' }),
    // uploads
    lines: { type: 'lines', required: true },
    failedItems: text({ maxLength: 1000 }),
    uploadKind: {
      type: 'select',
      buttons: true,
      required: true,
      param: 'kind',
      labelKey: 'fields.kind',
      initialValue: TEST_KIND.serial,
      options: kindOptions.filter((o) => o.value === TEST_KIND.serial || o.value === TEST_KIND.serialV2),
    },
    defaultDeviceType: text({ maxLength: 32, param: 'deviceType', helpKey: 'help.defaultDeviceType' }),
    defaultStation: text({ param: 'station' }),
    // one terminal (test/search)
    terminalQuery: text({ maxLength: 20, required: true, labelKey: 'fields.imei', param: 'terminalID' }),
    inStock: { type: 'select', options: verdict('yesNo.yes', 'yesNo.no') },
    stockState: {
      type: 'select',
      options: ['in_stock', 'shipped', 'removed'].map((v) => ({ value: v, labelKey: `stockStates.${v}` })),
    },
    shippedTo: text(),
    test: {
      type: 'select',
      options: [
        { value: 'untested', labelKey: 'tests.untested', color: 'orange' },
        { value: 'passed', labelKey: 'tests.passed', color: 'green' },
        { value: 'failed', labelKey: 'tests.failed', color: 'red' },
      ],
    },
    latestKind: { type: 'select', options: kindOptions },
    latestItems: { type: 'text' },
    recentResults: { type: 'text', value: recentText },
    imported: { type: 'select', options: verdict('yesNo.yes', 'yesNo.no') },
    importedTo: text(),
    importedAt: time(),
    online: { type: 'select', options: verdict('online.on', 'online.off') },
    node: text(),
    remoteAddr: text(),
    localPort: count(),
    connectedAt: time(),
    // test configurations
    configName: text({
      maxLength: QC_CONFIG_NAME_MAX,
      required: true,
      param: 'name',
      labelKey: 'fields.name',
      value: (r) => r.name,
    }),
    configNameFilter: text({ maxLength: QC_CONFIG_NAME_MAX, param: 'name', labelKey: 'fields.name' }),
    configKind: {
      type: 'select',
      required: true,
      options: kindOptions,
      param: 'kind',
      labelKey: 'fields.kind',
      value: (r) => r.kind,
    },
    configItems: {
      type: 'json',
      param: 'items',
      labelKey: 'fields.items',
      helpKey: 'help.configItems',
      value: (r) => r.items,
      initialValue: JSON.stringify([{ name: 'Voltage', min: 3.6, max: 4.3, required: true }], null, 2),
    },
    configItemsText: { type: 'text', labelKey: 'fields.items', value: configItemsText },
    enabled: { type: 'boolean', initialValue: true, width: 80 },
  },
};
