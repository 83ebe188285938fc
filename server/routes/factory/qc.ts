import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { TERMINAL_ID_MAX } from '../../../src/domain/limits';
import { TEST_KIND, type TestKind } from '../../../src/domain/qc';
import { ok, PageQuery } from '../../lib/envelope';
import { sendFile } from '../../lib/send-file';
import { Body, DateTime, Id, OneOf, TerminalId, Text, Type } from '../../lib/schema/primitives';
import { authOf } from '../../plugins/auth';
import { locationTest } from '../../services/qc/location';
import { lookupTerminal } from '../../services/qc/lookup';
import { searchResults } from '../../services/qc/search';
import { exportTerminals, searchTerminals } from '../../services/qc/terminals';
import { uploadOne, uploadRows } from '../../services/qc/upload';
import { Page, replies } from '../../lib/schema/response';
import configRoutes from './qc/configs';
import { LocationVerdict, ResultRow, Stored, TerminalLookup, TerminalRow, UploadReport } from './qc/responses';
import { sheetReply } from '../../lib/schema/response';
import { DeviceType, Format, Gps, Items, Kind, Protocol, ResultFilter, Rows, Short } from './qc/schemas';

const tags = ['qc'];
const qc = { access: { permission: [P.testQc] } };
const results = { access: { permission: [P.testSerialResult, P.testQc] } };
const upload = { access: { permission: [P.testSerialResult], write: true } };
const RowsDefaults = { deviceType: DeviceType, station: Short, operator: Short, protocol: Protocol };

/** Quality control and serial test results (issue 15, part 1; docs/factory/qc.md). */
export default async function routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/serials/testSerialResult',
    {
      schema: {
        tags,
        description:
          "One bench result; the terminal's stock row (created if absent) takes its latest result as the pass record",
        body: Body({
          terminalID: TerminalId(),
          kind: Type.Optional(Kind),
          passed: Type.Boolean(),
          items: Type.Optional(Items),
          gps: Type.Optional(Gps),
          deviceType: DeviceType,
          firmwareVersion: Short,
          iccid: Short,
          station: Short,
          operator: Short,
          testedAt: Type.Optional(DateTime()),
          configId: Type.Optional(Id()),
          protocol: Protocol,
        }),
        response: replies(Stored),
      },
      config: upload,
    },
    async (req) => ok(await uploadOne(db, authOf(req), req.body)),
  );
  app.post(
    '/serials/testSerialsResult',
    {
      schema: {
        tags,
        description: 'Serial results from rows of a file or a paste (kind 1 or 2), reported per row',
        body: Body({
          rows: Rows,
          kind: Type.Optional(OneOf([TEST_KIND.serial, TEST_KIND.serialV2] as const)),
          ...RowsDefaults,
        }),
        response: replies(UploadReport),
      },
      config: upload,
    },
    async (req) =>
      ok(await uploadRows(db, authOf(req), req.body, (req.body.kind ?? TEST_KIND.serial) as TestKind)),
  );
  app.post(
    '/serials/testSerialsGPSResult',
    {
      schema: {
        tags,
        description: 'GPS results (satellites, SNR, time to fix, HDOP, position) from rows, reported per row',
        body: Body({ rows: Rows, ...RowsDefaults }),
        response: replies(UploadReport),
      },
      config: upload,
    },
    async (req) => ok(await uploadRows(db, authOf(req), req.body, TEST_KIND.gps)),
  );
  app.post(
    '/serials/testResults',
    {
      schema: {
        tags,
        description:
          'Stored results: by IMEI (prefix), kind, verdict, station, operator, type and time; paged',
        body: Body({ ...PageQuery, ...ResultFilter }),
        response: replies(Page(ResultRow)),
      },
      config: results,
    },
    async (req) => ok(await searchResults(db, req.body)),
  );
  app.post(
    '/serials/locationTest',
    {
      schema: {
        tags,
        description:
          'Is the terminal reporting a valid location now: its newest fix, pass or fail with the reason',
        body: Body({ terminalID: TerminalId(), save: Type.Optional(Type.Boolean()) }),
        response: replies(LocationVerdict),
      },
      config: { access: { permission: [P.testSerialResult, P.testQc], write: true } },
    },
    async (req) => ok(await locationTest(db, authOf(req), req.body.terminalID, req.body.save)),
  );
  app.post(
    '/qc/search',
    {
      schema: {
        tags,
        description: 'One row per tested terminal: its latest result and its passes and failures',
        body: Body({ ...PageQuery, ...ResultFilter }),
        response: replies(Page(TerminalRow)),
      },
      config: qc,
    },
    async (req) => ok(await searchTerminals(db, req.body)),
  );
  app.post(
    '/qc/export',
    {
      schema: {
        tags,
        description: 'The terminals of qc/search as xlsx (default) or csv',
        body: Body({ ...ResultFilter, format: Format }),
        response: sheetReply('The terminals of qc/search as an xlsx or csv file'),
      },
      config: qc,
    },
    async (req, reply) => {
      const { format = 'xlsx', ...filter } = req.body;
      return sendFile(reply, await exportTerminals(db, filter, format));
    },
  );
  app.post(
    '/qc/terminal',
    {
      schema: {
        tags,
        description:
          'One terminal: stock row and pass record, latest results, the account it went to, its connection',
        body: Body({ terminalID: Text(TERMINAL_ID_MAX, { minLength: 1 }) }),
        response: replies(TerminalLookup),
      },
      config: qc,
    },
    async (req) => ok(await lookupTerminal(db, req.body.terminalID)),
  );
  await app.register(configRoutes);
}
