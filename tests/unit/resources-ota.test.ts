import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../../config/roles';
import { actionBody, fieldRules, fileRequest, requestBody } from '../../src/components/resource/derive';
import { remoteOptionsOf } from '../../src/components/resource/remoteOptions';
import { FIRMWARE_MAX_BYTES } from '../../src/domain/ota';
import { screenParts } from '../../src/resources';
import { FIRMWARE_ENTITY, JOB_ENTITY, sizeText } from '../../src/resources/ota/fields';
import { OTA_VIEWS } from '../../src/resources/ota/views';
import type { EntityAction, ListView } from '../../src/resources/types';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const action = (view: ListView, name: string): EntityAction =>
  [...(view.rowActions ?? []), ...(view.toolbarActions ?? [])].find((a) => a.name === name)!;

describe('file fields', () => {
  it('post the file as the body and the other values, with the file name, as the query', () => {
    const file = new File([new Uint8Array(10)], 'fw-v1.bin');
    const upload = action(OTA_VIEWS.firmwares, 'upload');
    const body = actionBody(
      upload,
      requestBody(FIRMWARE_ENTITY, upload.fields!, {
        file,
        deviceType: 'JT808-A',
        version: ' V1 ',
        notes: '',
      }),
      {},
    );
    const { file: sent, query } = fileRequest('file', FIRMWARE_ENTITY.fields.file, body);
    expect(sent).toBe(file);
    expect(query).toEqual({ deviceType: 'JT808-A', version: 'V1', fileName: 'fw-v1.bin' });
  });

  it('refuse a file over the field max, and accept one at it', async () => {
    const rules = fieldRules(FIRMWARE_ENTITY, 'file', t);
    const sizeRule = rules.find((r) => r.validator)!;
    await expect(
      sizeRule.validator!({}, new Blob([new Uint8Array(FIRMWARE_MAX_BYTES)])),
    ).resolves.toBeUndefined();
    await expect(sizeRule.validator!({}, new Blob([new Uint8Array(FIRMWARE_MAX_BYTES + 1)]))).rejects.toThrow(
      'ota:fileTooLarge {"mb":8}',
    );
    expect(rules).toContainEqual({ required: true });
  });
});

describe('remote select options', () => {
  it('read a paged answer or a plain array', () => {
    const fw = JOB_ENTITY.fields.firmwareId.remoteOptions!;
    expect(
      remoteOptionsOf(
        { list: [{ id: 3, deviceType: 'GT06N', version: 'V2', fileName: 'a.bin' }], total: 1 },
        fw,
      ),
    ).toEqual([{ value: 3, label: 'GT06N V2 (a.bin)' }]);
    const types = FIRMWARE_ENTITY.fields.deviceType.remoteOptions!;
    expect(remoteOptionsOf([{ name: 'GT06N', family: 'gt06' }], types)).toEqual([
      { value: 'GT06N', label: 'GT06N (GT06)' },
    ]);
    expect(remoteOptionsOf(null, types)).toEqual([]);
  });
});

describe('OTA descriptors', () => {
  it('give the viewer the jobs view, every write action for staff only', async () => {
    expect((await screenParts('otaUpdateListForUser'))?.view).toBe(OTA_VIEWS.jobs);
    expect((await screenParts('otaList'))?.view).toBe(OTA_VIEWS.jobs);
    for (const view of [OTA_VIEWS.jobs, OTA_VIEWS.firmwares])
      for (const a of [...(view.rowActions ?? []), ...(view.toolbarActions ?? [])])
        if (!a.download) expect(a.permissions, a.name).toEqual([P.testOta]);
    expect(OTA_VIEWS.jobs.refreshMs).toBeGreaterThan(0);
    expect(OTA_VIEWS.jobs.detailComponent).toBeDefined();
  });

  it('send no pasted IMEIs for a job over a device type', () => {
    const create = action(OTA_VIEWS.jobs, 'createJob');
    const values = { name: 'r1', firmwareId: 2, imeis: '861\n862' };
    expect(actionBody(create, { ...values, targetMode: 'type' }, {}).imeis).toBeUndefined();
    expect(actionBody(create, { ...values, targetMode: 'imeis' }, {}).imeis).toBe('861\n862');
  });

  it('offer retry and cancel only on the jobs they apply to, with the job id', () => {
    const retry = action(OTA_VIEWS.jobs, 'retry');
    const cancel = action(OTA_VIEWS.jobs, 'cancel');
    const row = { id: 7, status: 'done', failed: 0, cancelled: 0 };
    expect(retry.when!(row)).toBe(false);
    expect(retry.when!({ ...row, failed: 1 })).toBe(true);
    expect(cancel.when!(row)).toBe(false);
    expect(cancel.when!({ ...row, status: 'running' })).toBe(true);
    expect(actionBody(cancel, {}, { row })).toEqual({ jobId: 7 });
  });

  it('show sizes in KB or MB', () => {
    expect(sizeText(4015)).toBe('3.9 KB');
    expect(sizeText(3 << 20)).toBe('3.00 MB');
  });
});
