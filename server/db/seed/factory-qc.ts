import { eq } from 'drizzle-orm';
import { TEST_KIND, testRecordOf, type TestItem } from '../../../src/domain/qc';
import type { Db } from '../client';
import { stock } from '../schema/stock';
import { testConfigs, testResults } from '../schema/test-results';
import { SEED_USER_IDS } from './accounts';
import { createRng } from './random';

type NewStockRow = typeof stock.$inferInsert;
type NewResult = typeof testResults.$inferInsert;

const QC_SEED = 20_251_125;
const HOUR = 3_600_000;
/** Shipped terminals given a result history too (the newest shipments), besides those in stock. */
const SHIPPED_WITH_RESULTS = 40;
const TYPES_808 = new Set(['JT808-A', 'GW005', 'BSJ-A6', 'Y808']);

const CONFIGS = [
  {
    name: 'GT06N serial',
    deviceType: 'GT06N',
    kind: TEST_KIND.serial,
    items: [
      { name: 'Voltage', min: 3.6, max: 4.3, required: true },
      { name: 'GSM', min: 15, max: 31, required: true },
      { name: 'Relay', expected: 'ok', required: true },
    ],
  },
  {
    name: 'JT808 serial V2',
    deviceType: 'JT808-A',
    kind: TEST_KIND.serialV2,
    items: [
      { name: 'Voltage', min: 3.6, max: 4.3, required: true },
      { name: 'GSM', min: 15, max: 31, required: true },
      { name: 'ACC', expected: 'ok', required: true },
    ],
  },
  {
    name: 'GPS fix',
    deviceType: '',
    kind: TEST_KIND.gps,
    items: [
      { name: 'Satellites', min: 4, required: true },
      { name: 'SNR', min: 30, required: true },
    ],
  },
];

/**
 * Demo QC data (issue 15, part 1; docs/factory/qc.md): the test configurations, and for every
 * tested terminal in stock plus the newest shipments a result history whose LATEST result is the
 * pass its stock row already records (some had a failed run first, then a retest), plus a GPS
 * run. Stock rows keep test_passed and tested_at; their test_record becomes the latest result's
 * summary. Untested stock terminals get no result, so import still refuses them.
 */
export async function seedFactoryQc(db: Db, rows: readonly NewStockRow[]) {
  const rng = createRng(QC_SEED);
  const by = SEED_USER_IDS.test;
  const configs = await db
    .insert(testConfigs)
    .values(CONFIGS.map((c) => ({ ...c, createdBy: by })))
    .returning({ id: testConfigs.id, kind: testConfigs.kind, deviceType: testConfigs.deviceType });
  const configOf = (kind: number, deviceType: string) =>
    configs.find((c) => c.kind === kind && (c.deviceType === deviceType || !c.deviceType))?.id ?? null;

  const tested = rows.filter((r) => r.testPassed && r.testedAt);
  const shipped = tested
    .filter((r) => r.status === 'shipped')
    .sort((a, b) => b.testedAt!.getTime() - a.testedAt!.getTime())
    .slice(0, SHIPPED_WITH_RESULTS);
  const chosen = [...tested.filter((r) => r.status === 'in_stock'), ...shipped];

  const items = (ok: boolean, third: string): TestItem[] => [
    { name: 'Voltage', value: Number(rng.float(3.9, 4.2).toFixed(2)), passed: true, expected: '3.6–4.3' },
    { name: 'GSM', value: ok ? rng.int(18, 30) : rng.int(5, 12), passed: ok, expected: '15–31' },
    { name: third, value: 'ok', passed: true, expected: 'ok' },
  ];
  const results: NewResult[] = [];
  chosen.forEach((r, i) => {
    const deviceType = r.deviceType ?? '';
    const kind = TYPES_808.has(deviceType) ? TEST_KIND.serialV2 : TEST_KIND.serial;
    const third = kind === TEST_KIND.serial ? 'Relay' : 'ACC';
    const at = r.testedAt!;
    const base = {
      terminalId: r.terminalId,
      kind,
      deviceType,
      firmwareVersion: r.firmwareVersion ?? '',
      iccid: r.iccid ?? '',
      station: `S${(i % 4) + 1}`,
      operator: ['王芳', '李强', '张伟'][i % 3],
      configId: configOf(kind, deviceType),
      uploadedBy: by,
    };
    // Every fourth terminal failed its first run on a weak GSM signal and passed the retest.
    if (i % 4 === 1)
      results.push({
        ...base,
        passed: false,
        items: items(false, third),
        testedAt: new Date(at.getTime() - 2 * HOUR),
      });
    results.push({
      ...base,
      kind: TEST_KIND.gps,
      configId: configOf(TEST_KIND.gps, deviceType),
      passed: true,
      items: [],
      gps: {
        satellites: rng.int(7, 12),
        snrAvg: Number(rng.float(36, 45).toFixed(1)),
        fixSeconds: rng.int(20, 60),
        hdop: Number(rng.float(0.7, 1.4).toFixed(1)),
        latitude: Number(rng.float(22.5, 22.6).toFixed(6)),
        longitude: Number(rng.float(113.9, 114.1).toFixed(6)),
      },
      testedAt: new Date(at.getTime() - HOUR),
    });
    results.push({ ...base, passed: true, items: items(true, third), testedAt: at });
  });
  for (let i = 0; i < results.length; i += 500) {
    const stored = await db
      .insert(testResults)
      .values(results.slice(i, i + 500))
      .returning();
    // The last result of each terminal (tested at its stock row's time) is its record.
    for (const s of stored)
      if (s.testedAt.getTime() === chosen.find((r) => r.terminalId === s.terminalId)!.testedAt!.getTime())
        await db
          .update(stock)
          .set({ testRecord: testRecordOf(s) })
          .where(eq(stock.terminalId, s.terminalId));
  }
}
