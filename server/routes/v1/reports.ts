import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { listAlarms } from '../../services/alarm/list';
import { countMileage } from '../../services/stats/mileage';
import { AlarmsQuery, MileageQuery } from './requests';
import { Alarm, Mileage, security, tags } from './schemas';
import { Page, replies } from '../../lib/schema/response';

/** Alarms and statistics of the caller's subtree, through the web app's own services. */
export default async function v1ReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.get(
    '/alarms',
    {
      schema: {
        tags,
        security,
        summary: 'List alarms',
        description: 'Alarms of the devices of the subtree, newest first, by platform days, device and type',
        querystring: AlarmsQuery,
        response: replies(Page(Alarm)),
      },
      config: { access: { permission: [P.alarms] } },
    },
    async (req) => {
      const q = req.query;
      const r = await listAlarms(db, authOf(req), {
        startDate: q.from,
        endDate: q.to,
        terminalIDs: q.terminalId ? [q.terminalId] : undefined,
        types: q.type ? [q.type] : undefined,
        pageNum: q.page,
        pageSize: q.pageSize,
      });
      return ok({
        list: r.list.map(({ terminalID, deviceId: _deviceId, ...a }) => ({ terminalId: terminalID, ...a })),
        total: r.total,
      });
    },
  );

  app.get(
    '/statistics/mileage',
    {
      schema: {
        tags,
        security,
        summary: 'Mileage report',
        description:
          'Distance and moving time per device and day (groupBy deviceDay), per device or per day, over at most 92 platform days, ' +
          "with the sums per date and the totals; from the daily rollups (the web app's mileage statistics)",
        querystring: MileageQuery,
        response: replies(Mileage),
      },
      config: { access: { permission: [P.countMileage] } },
    },
    async (req) => {
      const q = req.query;
      return ok(
        await countMileage(db, authOf(req), {
          startDate: q.from,
          endDate: q.to,
          terminalIDs: q.terminalId ? [q.terminalId] : undefined,
          groupBy: q.groupBy,
          pageNum: q.page,
          pageSize: q.pageSize,
        }),
      );
    },
  );
}
