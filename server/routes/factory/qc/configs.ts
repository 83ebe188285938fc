import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../../config/roles';
import { NAME_MAX } from '../../../../src/domain/limits';
import {
  QC_CONFIG_NAME_MAX,
  QC_ITEM_NAME_MAX,
  QC_ITEM_VALUE_MAX,
  QC_ITEMS_MAX,
} from '../../../../src/domain/qc';
import { ok, PageQuery } from '../../../lib/envelope';
import { Body, Id, List, Num, Text, Type } from '../../../lib/schema/primitives';
import { authOf } from '../../../plugins/auth';
import { addConfig, deleteConfig, editConfig, listConfigs } from '../../../services/qc/configs';
import { replies } from '../../../lib/schema/response';
import { ConfigPage, ConfigRow, Deleted } from './responses';
import { DeviceType, Kind } from './schemas';

const tags = ['qc'];
const read = { access: { permission: [P.testConfig] } };
const write = { access: { permission: [P.testConfig], write: true } };

const ConfigItem = Body({
  name: Text(QC_ITEM_NAME_MAX, { minLength: 1 }),
  min: Type.Optional(Num(-1e9, 1e9)),
  max: Type.Optional(Num(-1e9, 1e9)),
  expected: Type.Optional(Text(QC_ITEM_VALUE_MAX)),
  required: Type.Optional(Type.Boolean()),
});
const ConfigFields = {
  name: Text(QC_CONFIG_NAME_MAX, { minLength: 1 }),
  deviceType: DeviceType,
  kind: Kind,
  items: Type.Optional(List(ConfigItem, QC_ITEMS_MAX)),
  enabled: Type.Optional(Type.Boolean()),
};

/** The test configuration list (exportSerialResult/configList). */
export default async function configRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/serials/config/list',
    {
      schema: {
        tags,
        description: 'Test configurations by name',
        body: Body({
          ...PageQuery,
          name: Type.Optional(Text(QC_CONFIG_NAME_MAX)),
          deviceType: Type.Optional(Text(NAME_MAX)),
          kind: Type.Optional(Kind),
        }),
        response: replies(ConfigPage),
      },
      config: read,
    },
    async (req) => ok(await listConfigs(db, req.body)),
  );
  app.post(
    '/serials/config/add',
    {
      schema: {
        tags,
        description: 'A new test configuration (unique name)',
        body: Body(ConfigFields),
        response: replies(ConfigRow, 'The configuration as stored'),
      },
      config: write,
    },
    async (req) => ok(await addConfig(db, authOf(req).user.id, req.body)),
  );
  app.post(
    '/serials/config/edit',
    {
      schema: {
        tags,
        description: 'Changes a test configuration',
        body: Body({ id: Id(), ...ConfigFields }),
        response: replies(ConfigRow, 'The configuration as stored'),
      },
      config: write,
    },
    async (req) => ok(await editConfig(db, req.body.id, req.body)),
  );
  app.post(
    '/serials/config/del/:id',
    {
      schema: {
        tags,
        description: 'Deletes a test configuration (results that named it keep their data)',
        params: Body({ id: Type.String({ pattern: '^[1-9]\\d{0,8}$', maxLength: 9 }) }),
        response: replies(Deleted),
      },
      config: write,
    },
    async (req) => ok(await deleteConfig(db, Number(req.params.id))),
  );
}
