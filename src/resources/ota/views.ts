import { lazy } from 'react';
import { PERMISSIONS as P } from '../../../config/roles';
import type { EntityAction, ListView } from '../types';

type Row = Record<string, unknown>;

/** Only staff change firmware and jobs; the OTA viewer sees the lists without these. */
const staff = [P.testOta] as const;
const jobId = { param: 'jobId', from: 'id' };

/** Every few seconds the jobs are read again: progress moves on the server. */
export const OTA_REFRESH_MS = 3000;

const upload: EntityAction = {
  name: 'upload',
  labelKey: 'upload',
  endpoint: '/ota/firmware/upload',
  permissions: staff,
  fields: ['file', 'deviceType', 'version', 'checksum', 'notes'],
};

const createJob: EntityAction = {
  name: 'createJob',
  labelKey: 'createJob',
  endpoint: '/ota/job/create',
  permissions: staff,
  fields: ['name', 'firmwareId', 'targetMode', 'imeis'],
  // Every terminal of the type: a pasted list would be ignored by the server, so it is not sent.
  request: (body) => (body.targetMode === 'type' ? { ...body, imeis: undefined } : body),
};

const jobActions: EntityAction[] = [
  {
    name: 'retry',
    labelKey: 'retryAll',
    endpoint: '/ota/job/retry',
    permissions: staff,
    idParam: jobId,
    immediate: true,
    when: (r: Row) => Number(r.failed) > 0 || Number(r.cancelled) > 0,
  },
  {
    name: 'cancel',
    labelKey: 'cancel',
    endpoint: '/ota/job/cancel',
    permissions: staff,
    idParam: jobId,
    danger: true,
    confirmKey: 'cancelConfirm',
    when: (r: Row) => r.status === 'running' || r.status === 'pending',
  },
];

/** The per-device progress, hand-written (issue 15 allows it): polled, with its own retry/cancel. */
const JobDevices = lazy(() => import('../../pages/test/ota/JobDevices'));

/** Jobs with their progress; a row opens its devices. One view for staff and the viewer. */
const jobs: ListView = {
  kind: 'list',
  endpoint: '/ota/job/list',
  rowKey: 'id',
  columns: [
    'name',
    'deviceType',
    'firmwareVersion',
    'status',
    'progress',
    'counts',
    'failed',
    'createdAt',
    'finishedAt',
  ],
  filters: ['status'],
  refreshMs: OTA_REFRESH_MS,
  toolbarActions: [createJob],
  rowActions: jobActions,
  detailComponent: JobDevices,
};

const firmwares: ListView = {
  kind: 'list',
  endpoint: '/ota/firmware/list',
  rowKey: 'id',
  columns: ['fileName', 'deviceType', 'version', 'size', 'md5', 'sha256', 'notes', 'createdAt'],
  toolbarActions: [upload],
  rowActions: [
    {
      name: 'download',
      labelKey: 'download',
      endpoint: '/ota/firmware/{id}/download',
      download: { fileNameFrom: 'fileName' },
    },
    {
      name: 'delete',
      labelKey: 'delete',
      endpoint: '/ota/firmware/delete',
      permissions: staff,
      idParam: { param: 'id', from: 'id' },
      danger: true,
      confirmKey: 'deleteConfirm',
    },
  ],
};

export const OTA_VIEWS = { jobs, firmwares };
