import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { LOG_DECODE_HEX_MAX, LOG_LAST_MAX } from '../../../src/domain/device-log';
import { TCP_PROTOCOLS } from '../../../src/domain/protocol-family';
import { ok, PageQuery } from '../../lib/envelope';
import { Body, DateTime, Int, MultiLine, OneOf, TerminalId, Text, Type } from '../../lib/schema/primitives';
import { TERMINAL_ID_MAX } from '../../../src/domain/limits';
import { liveState } from '../../services/logs/live-state';
import { lastLogs, newLogs, searchLogs } from '../../services/logs/search';
import { commandTasks, connectionRecord, deviceStates } from '../../services/logs/tasks';
import { decodeForPage } from './logs/decode';
import { CheckRedis, CommandTask, ConnectLog, Decoded, DeviceState, FramePage, Frames } from './logs/responses';
import { Page, replies } from '../../lib/schema/response';

const tags = ['factory-logs'];
const access = { access: { permission: [P.testLog] } };
const Range = { startTime: Type.Optional(DateTime()), endTime: Type.Optional(DateTime()) };
const Terminal = { terminalID: TerminalId() };
const OptionalTerminal = { terminalID: Type.Optional(Text(TERMINAL_ID_MAX)) };

/** Device logs, the live log monitor's polling fallback and the frame decoder (issue 15, parts 2 and 3). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, bus } = app;

  app.post(
    '/log/searchLogApi',
    {
      schema: {
        tags,
        description: "A terminal's frames of the last 7 days in a time range, newest first, decoded",
        body: Body({ ...PageQuery, ...OptionalTerminal, ...Range }),
        response: replies(FramePage),
      },
      config: access,
    },
    async (req) => ok(await searchLogs(db, req.body)),
  );
  app.post(
    '/log/findLastLog',
    {
      schema: {
        tags,
        description: "A terminal's latest frames, newest first",
        body: Body({ ...Terminal, limit: Type.Optional(Int(1, LOG_LAST_MAX)) }),
        response: replies(Frames),
      },
      config: access,
    },
    async (req) => ok(await lastLogs(db, req.body.terminalID, req.body.limit)),
  );
  app.post(
    '/log/findNewLog',
    {
      schema: {
        tags,
        description: 'Frames stored after a row id, oldest first (the live monitor without a websocket)',
        body: Body({ ...Terminal, afterId: Type.Optional(Int(0, Number.MAX_SAFE_INTEGER)) }),
        response: replies(Frames),
      },
      config: access,
    },
    async (req) => ok(await newLogs(db, req.body.terminalID, req.body.afterId ?? 0)),
  );
  app.post(
    '/log/connectLogApi',
    {
      schema: {
        tags,
        description: "A terminal's recorded connection and whether a gateway node holds it now",
        body: Body(Terminal),
        response: replies(ConnectLog),
      },
      config: access,
    },
    async (req) => {
      const [record, live] = await Promise.all([
        connectionRecord(db, req.body.terminalID),
        liveState(bus, req.body.terminalID),
      ]);
      return ok({ terminalID: req.body.terminalID, record, live });
    },
  );
  app.post(
    '/log/checkRedis',
    {
      schema: {
        tags,
        description:
          'Asks the cluster whether a gateway node holds the terminal now: node, last frame, online since',
        body: Body(Terminal),
        response: replies(CheckRedis),
      },
      config: access,
    },
    async (req) => ok({ terminalID: req.body.terminalID, ...(await liveState(bus, req.body.terminalID)) }),
  );
  app.post(
    '/log/cmdTask',
    {
      schema: {
        tags,
        description: 'Commands sent to terminals and those in the offline queue, by IMEI and time',
        body: Body({ ...PageQuery, ...OptionalTerminal, ...Range }),
        response: replies(Page(CommandTask)),
      },
      config: access,
    },
    async (req) => ok(await commandTasks(db, req.body)),
  );
  app.post(
    '/log/deviceState',
    {
      schema: {
        tags,
        description: "Trackers' connections: node, addresses, online since, last frame",
        body: Body({ ...PageQuery, ...OptionalTerminal, online: Type.Optional(Type.Boolean()) }),
        response: replies(Page(DeviceState)),
      },
      config: access,
    },
    async (req) => ok(await deviceStates(db, req.body)),
  );
  app.post(
    '/log/decode',
    {
      schema: {
        tags,
        description:
          'Decodes one pasted frame (hex, or the text of a text protocol; its protocol chosen or detected) and gives the reply the gateway sends',
        body: Body({
          hex: MultiLine(LOG_DECODE_HEX_MAX, 200),
          protocol: Type.Optional(OneOf(['auto', ...TCP_PROTOCOLS] as const)),
        }),
        response: replies(Decoded),
      },
      config: access,
    },
    async (req) => ok(decodeForPage(req.body.hex, req.body.protocol)),
  );
}
