import {
  checkResultRows,
  imeiFits,
  TEST_KIND,
  type GpsFix,
  type ResultRow,
  type TestItem,
  type TestKind,
} from '../../../src/domain/qc';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { AuthContext } from '../../plugins/auth';
import { loadTypes, storeResults } from './store';

/** What a bench posts for one terminal (testSerialResult). */
export interface OneResult {
  terminalID: string;
  kind?: number;
  passed: boolean;
  items?: TestItem[];
  gps?: GpsFix;
  deviceType?: string;
  firmwareVersion?: string;
  iccid?: string;
  station?: string;
  operator?: string;
  testedAt?: string;
  configId?: number;
  protocol?: number;
}

const trim = (v: string | undefined) => (v ?? '').trim();

/** testSerialResult: one result, refused whole when its IMEI does not fit its device type. */
export async function uploadOne(db: Db, auth: AuthContext, r: OneResult) {
  const types = await loadTypes(db);
  const terminalID = r.terminalID.trim();
  const deviceType = trim(r.deviceType);
  if (!imeiFits(terminalID, types.get(deviceType)?.importProtocol)) throw badRequest('imeiInvalid');
  const [id] = await storeResults(
    db,
    [
      {
        terminalID,
        kind: (r.kind ?? TEST_KIND.serial) as TestKind,
        passed: r.passed,
        items: (r.items ?? []).map((i) => ({ ...i, name: i.name.trim() })),
        gps: r.gps ?? null,
        deviceType,
        firmwareVersion: trim(r.firmwareVersion),
        iccid: trim(r.iccid),
        station: trim(r.station),
        operator: trim(r.operator) || auth.user.username,
        testedAt: r.testedAt ? new Date(r.testedAt) : null,
      },
    ],
    { uploadedBy: auth.user.id, configId: r.configId, protocol: r.protocol },
    types,
  );
  return { id, terminalID, passed: r.passed };
}

export interface RowsUpload {
  rows: ResultRow[];
  kind?: number;
  deviceType?: string;
  station?: string;
  operator?: string;
  protocol?: number;
}

/**
 * testSerialsResult / testSerialsGPSResult: rows of a file or a paste, reported per row (stored,
 * bad IMEI, bad row); the good rows are stored together. The operator defaults to the uploader.
 */
export async function uploadRows(db: Db, auth: AuthContext, req: RowsUpload, kind: TestKind) {
  const types = await loadTypes(db);
  const { lines, results } = checkResultRows(
    req.rows,
    kind,
    { deviceType: req.deviceType, station: req.station, operator: trim(req.operator) || auth.user.username },
    (t) => types.get(t)?.importProtocol,
  );
  await storeResults(db, results, { uploadedBy: auth.user.id, protocol: req.protocol }, types);
  const stored = lines.filter((l) => l.ok).length;
  return { total: lines.length, succeeded: stored, results: lines };
}
