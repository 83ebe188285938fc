import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import trackJobs from '../../jobs/plugin';
import { ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { countAlarms } from '../../services/stats/alarms';
import { countBattery } from '../../services/stats/battery';
import { exportRange, exportReport } from '../../services/stats/export';
import { countMileage } from '../../services/stats/mileage';
import { countPastDue } from '../../services/stats/past-due';
import { countStays } from '../../services/stats/stays';
import { countTrackInfo } from '../../services/stats/track-info';
import {
  AlarmBody,
  BatteryBody,
  CountExportBody,
  ExportBody,
  MileageBody,
  PastDueBody,
  StatsBody,
  StayBody,
} from './schemas';

/**
 * Statistics (docs/api/statistics.md), read from the daily track rollups. The rollup job that
 * keeps them runs with these routes (server/jobs/plugin.ts). All read-only: the demo account
 * may call them.
 */
const tags = ['statistics'];
const ANY_REPORT = [P.countMileage, P.countAlarms, P.countStay, P.countTrack, P.countPastDue, P.countBattery];

function sendFile(
  reply: FastifyReply,
  file: { stream: unknown; mime: string; filename: string; truncated: boolean },
) {
  reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('x-export-truncated', file.truncated ? '1' : '0');
  return reply.send(file.stream);
}

export default async function statsRoutes(fastify: FastifyInstance) {
  await fastify.register(trackJobs);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const route = (path: string, description: string, permission: readonly string[], body: object) => ({
    path: `/stat/${path}`,
    opts: { schema: { tags, description, body }, config: { access: { permission } } },
  });

  let r = route(
    'countMileage',
    'Mileage per device and day (or per device, or per day), sums per date, totals',
    [P.countMileage],
    MileageBody,
  );
  app.post(r.path, r.opts, async (req) => ok(await countMileage(app.db, authOf(req), req.body as never)));

  r = route(
    'findStatistics',
    "Mileage rows per device and day in the spec's names (statsticDate), sums per date",
    [P.countMileage],
    StatsBody,
  );
  app.post(r.path, r.opts, async (req) => {
    const res = await countMileage(app.db, authOf(req), { ...(req.body as object), groupBy: 'deviceDay' });
    const list = (res.list as { terminalID: string; date: string }[]).map(({ date, ...row }) => ({
      ...row,
      statsticDate: date,
    }));
    return ok({ ...res, list });
  });

  r = route(
    'countAlarms',
    'Alarm counts per device, type and day, sums per date and per type',
    [P.countAlarms],
    AlarmBody,
  );
  app.post(r.path, r.opts, async (req) => ok(await countAlarms(app.db, authOf(req), req.body as never)));

  r = route(
    'countStayDetail',
    'Every stay (start, end, duration, position) of the devices over the days',
    [P.countStay],
    StayBody,
  );
  app.post(r.path, r.opts, async (req) => ok(await countStays(app.db, authOf(req), req.body as never)));

  r = route(
    'countTrackInfo',
    'Per device: mileage, moving time, highest and average speed, points',
    [P.countTrack],
    StatsBody,
  );
  app.post(r.path, r.opts, async (req) => ok(await countTrackInfo(app.db, authOf(req), req.body as never)));

  r = route(
    'countPastDue',
    'Devices expired or expiring within 7 or 60 days, soonest first',
    [P.countPastDue],
    PastDueBody,
  );
  app.post(r.path, r.opts, async (req) => ok(await countPastDue(app.db, authOf(req), req.body as never)));

  r = route(
    'countBattery',
    'Battery levels, lowest first, and the models without battery support',
    [P.countBattery],
    BatteryBody,
  );
  app.post(r.path, r.opts, async (req) => ok(await countBattery(app.db, authOf(req), req.body as never)));

  r = route(
    'exportStatistics',
    'A report as xlsx: exactly the rows the screen shows for the same request',
    ANY_REPORT,
    ExportBody,
  );
  app.post(r.path, r.opts, async (req, reply) =>
    sendFile(reply, await exportReport(app.db, authOf(req), req.body as never)),
  );

  r = route(
    'countExport',
    'A report over the last week, month or three months as xlsx',
    [P.countExport],
    CountExportBody,
  );
  app.post(r.path, r.opts, async (req, reply) =>
    sendFile(reply, await exportRange(app.db, authOf(req), req.body as never)),
  );
}
