import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { requestLanguage } from '../../lib/localize';
import { authOf } from '../../plugins/auth';
import { exportAlarms } from '../../services/alarm/export';
import { listAlarms } from '../../services/alarm/list';
import { deleteAlarms, markAlarms, saveAlarmAddress } from '../../services/alarm/update';
import { AlarmAddressBody, AlarmDeleteBody, AlarmExportBody, AlarmListBody, AlarmMarkBody } from './schemas';
import { sendFile } from '../../lib/send-file';
import { Page, replies, sheetReply } from '../../lib/schema/response';
import { AddressResult, AlarmRow, DeleteResult, MarkResult } from './responses';

/**
 * The alarm list and its writes (docs/api/alarms.md), under the spec's path group deviceAlarms.
 * Permission `alarm:list`; the demo account may list and export, not change.
 */
const tags = ['alarm'];
const READ = { access: { permission: [P.alarms] } };
const WRITE = { access: { permission: [P.alarms], write: true } };

export default async function alarmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/deviceAlarms/findAllAlarm',
    {
      schema: {
        tags,
        description:
          "One page of the alarms of the caller's subtree (or of one account, or of devices), newest first, " +
          'filtered by type, platform days and read state',
        body: AlarmListBody,
        response: replies(Page(AlarmRow)),
      },
      config: READ,
    },
    async (req) => ok(await listAlarms(app.db, authOf(req), req.body)),
  );

  app.post(
    '/deviceAlarms/upDateDeviceAlarm',
    {
      schema: {
        tags,
        description:
          'Marks alarms read (read: true) or unread, by ids or with all: true every alarm matching the filter',
        body: AlarmMarkBody,
        response: replies(MarkResult),
      },
      config: WRITE,
    },
    async (req) => ok(await markAlarms(app.db, authOf(req), req.body)),
  );

  app.post(
    '/deviceAlarms/saveAlarmAddress',
    {
      schema: {
        tags,
        description: 'Saves the reverse-geocoded address of an alarm',
        body: AlarmAddressBody,
        response: replies(AddressResult),
      },
      config: WRITE,
    },
    async (req) => ok(await saveAlarmAddress(app.db, authOf(req), req.body.id, req.body.address)),
  );

  app.post(
    '/deviceAlarms/deleteDeviceAlarm',
    {
      schema: {
        tags,
        description: 'Deletes alarms by id or ids, or with all: true every alarm matching the filter',
        body: AlarmDeleteBody,
        response: replies(DeleteResult),
      },
      config: WRITE,
    },
    async (req) => ok(await deleteAlarms(app.db, authOf(req), req.body)),
  );

  app.post(
    '/deviceAlarms/exportDeviceAlarms',
    {
      schema: {
        tags,
        description: 'The filtered alarms as an xlsx (default) or csv file, newest first, capped',
        body: AlarmExportBody,
        response: sheetReply(),
      },
      config: READ,
    },
    async (req, reply) => {
      const { format = 'xlsx', ...filter } = req.body;
      const lng = requestLanguage(req.headers['accept-language']);
      const file = await exportAlarms(app.db, authOf(req), filter, format, lng);
      return sendFile(reply, file);
    },
  );
}
