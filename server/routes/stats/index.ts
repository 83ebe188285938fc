import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { PERMISSIONS as P } from '../../../config/roles';
import trackJobs from '../../jobs/plugin';
import { ok } from '../../lib/envelope';
import { ReadCache } from '../../lib/read-cache';
import { authOf, type AuthContext } from '../../plugins/auth';
import { countAlarms } from '../../services/stats/alarms';
import { countBattery } from '../../services/stats/battery';
import { exportRange, exportReport } from '../../services/stats/export';
import { countMileage } from '../../services/stats/mileage';
import { countPastDue } from '../../services/stats/past-due';
import { countStays } from '../../services/stats/stays';
import { countTrackInfo } from '../../services/stats/track-info';
import { countTrips } from '../../services/stats/trips';
import { countEngine } from '../../services/stats/engine';
import {
  AlarmBody,
  BatteryBody,
  BatteryByIdQuery,
  CountExportBody,
  EngineBody,
  ExportBody,
  MileageBody,
  PastDueBody,
  StatsBody,
  StayBody,
} from './schemas';
import { sendFile } from '../../lib/send-file';
import { binaryReply, replies } from '../../lib/schema/response';
import { specNames } from '../../lib/spec-names';
import { SHEET_MIME } from '../../../src/sheets';
import { Alarms, Battery, Engine, Mileage, PastDue, Statistics, Stays, TrackInfo, Trips } from './responses';

/**
 * Statistics (docs/api/statistics.md), read from the daily track rollups. The rollup job that
 * keeps them runs with these routes (server/jobs/plugin.ts). All read-only: the demo account
 * may call them.
 */
const tags = ['statistics'];
const ANY_REPORT = [P.countMileage, P.countAlarms, P.countStay, P.countTrips, P.countEngine, P.countTrack, P.countPastDue, P.countBattery];

/**
 * Report answers shared between identical requests of the same account for READ_CACHE_MS
 * (and while one is being computed): ten users of one fleet opening the same report cost one
 * query. The rollups they read change once a minute at most.
 */
const answers = new ReadCache<string>();
function shared(
  auth: AuthContext,
  path: string,
  body: unknown,
  load: () => Promise<unknown>,
): Promise<string> {
  const key = [auth.user.id, auth.user.ancestors, auth.deviceId ?? '', path, JSON.stringify(body)].join('|');
  // Kept as the JSON text of the envelope: a 100,000-row page is not serialised again per request.
  return answers.get(key, async () => JSON.stringify(ok(await load())));
}

export default async function statsRoutes(fastify: FastifyInstance) {
  await fastify.register(trackJobs);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const route = (
    path: string,
    description: string,
    permission: readonly string[],
    body: object,
    response: object,
  ) => ({
    path: `/stat/${path}`,
    opts: { schema: { tags, description, body, response }, config: { access: { permission } } },
  });
  const xlsx = binaryReply(SHEET_MIME.xlsx, 'The report as xlsx (x-export-truncated: 1 when capped)');
  /**
   * A JSON report: its answer shared between identical requests (see `shared`). `get` also
   * answers it as a GET under the spec client's name, its request in the query (`toRequest`
   * maps the spec's field names onto the report's).
   */
  const report = <T>(
    path: string,
    description: string,
    permission: readonly string[],
    body: object,
    answer: TSchema,
    load: (db: typeof app.db, auth: AuthContext, q: never) => Promise<T>,
    get: { path: string; query: object; toRequest?: (q: Record<string, unknown>) => object }[] = [],
  ) => {
    const r = route(path, description, permission, body, replies(answer));
    const answerText = (req: FastifyRequest, request: unknown) => {
      const auth = authOf(req);
      return shared(auth, r.path, request, () => load(app.db, auth, request as never));
    };
    app.post(r.path, r.opts, async (req, reply) => {
      const text = await answerText(req, req.body);
      return reply.type('application/json; charset=utf-8').send(text);
    });
    for (const alias of get) {
      const name = specNames(path, alias.path)[1];
      const opts = {
        schema: {
          tags,
          description: name.describe(description),
          querystring: alias.query,
          // Untyped as the POST's: the answer is sent as the shared JSON text.
          response: replies(answer) as object,
        },
        config: { access: { permission } },
      };
      app.get(`/stat/${alias.path}`, opts, async (req, reply) => {
        const q = req.query as Record<string, unknown>;
        const text = await answerText(req, alias.toRequest ? alias.toRequest(q) : q);
        return reply.type('application/json; charset=utf-8').send(text);
      });
    }
  };

  report(
    'countMileage',
    'Mileage per device and day (or per device, or per day), sums per date, totals',
    [P.countMileage],
    MileageBody,
    Mileage,
    countMileage,
  );
  report(
    'findStatistics',
    "Mileage rows per device and day in the spec's names (statsticDate), sums per date",
    [P.countMileage],
    StatsBody,
    Statistics,
    async (db, auth, q: object) => {
      const res = await countMileage(db, auth, { ...q, groupBy: 'deviceDay' });
      const list = (res.list as { date: string }[]).map(({ date, ...row }) => ({
        ...row,
        statsticDate: date,
      }));
      return { ...res, list };
    },
  );
  report(
    'countAlarms',
    'Alarm counts per device, type and day, sums per date and per type',
    [P.countAlarms],
    AlarmBody,
    Alarms,
    countAlarms,
  );
  report(
    'countStayDetail',
    'Every stay (start, end, duration, position) of the devices over the days',
    [P.countStay],
    StayBody,
    Stays,
    countStays,
  );
  report(
    'countTrips',
    'Every trip (start and end, distance, duration, average and top speed) between stays of at least minStaySeconds',
    [P.countTrips],
    StayBody,
    Trips,
    countTrips,
  );
  report(
    'countEngine',
    'Ignition (ACC) on time per device and day, idling episodes of at least minIdleSeconds with their places, and the devices without ignition data',
    [P.countEngine],
    EngineBody,
    Engine,
    countEngine,
  );
  report(
    'countTrackInfo',
    'Per device: mileage, moving time, highest and average speed, points',
    [P.countTrack],
    StatsBody,
    TrackInfo,
    countTrackInfo,
  );
  report(
    'countPastDue',
    'Devices expired or expiring within 7 or 60 days, soonest first',
    [P.countPastDue],
    PastDueBody,
    PastDue,
    (db, auth, q) => countPastDue(db, auth, q),
  );
  report(
    'countBattery',
    'Battery levels, lowest first, and the models without battery support',
    [P.countBattery],
    BatteryBody,
    Battery,
    countBattery,
    [
      // The spec's GET wrappers: getCountBattery (params) and battery {id}, id being the account.
      { path: 'getCountBattery', query: BatteryBody },
      {
        path: 'battery',
        query: BatteryByIdQuery,
        toRequest: ({ id, ...q }) => ({ ...q, ...(id === undefined ? {} : { userId: id }) }),
      },
    ],
  );

  const exp = route(
    'exportStatistics',
    'A report as xlsx: exactly the rows the screen shows for the same request',
    ANY_REPORT,
    ExportBody,
    xlsx,
  );
  app.post(exp.path, exp.opts, async (req, reply) =>
    sendFile(reply, await exportReport(app.db, authOf(req), req.body as never)),
  );

  // countExportApi: the spec client's name for the same export.
  for (const name of specNames('countExport', 'countExportApi')) {
    const range = route(
      name.url,
      name.describe('A report over the last week, month or three months as xlsx'),
      [P.countExport],
      CountExportBody,
      xlsx,
    );
    app.post(range.path, range.opts, async (req, reply) =>
      sendFile(reply, await exportRange(app.db, authOf(req), req.body as never)),
    );
  }
}
