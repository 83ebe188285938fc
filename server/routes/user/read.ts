import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { IdBody, PageQuery, ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { Body, Code, Id, Name, NoInput, Required, Text, Type } from '../../lib/schema/primitives';
import { PASSWORD_MAX } from '../../../src/domain/limits';
import {
  findById,
  findChildren,
  findLike,
  findPage,
  getFamily,
  subtreeRows,
} from '../../services/accounts/read';
import { checkOwnPassword } from '../../services/accounts/password-check';
import { lookUpName } from '../../services/accounts/name-lookup';
import { verifyPassword } from '../../services/passwords';
import { importNumOf, importNumRecordsOf } from '../../services/accounts/import-num';
import { Page, replies } from '../../lib/schema/response';
import { AgentRow, FamilyRow, ImportNum, ImportNumRecordPage, UserInfo } from './responses';

const tags = ['user'];
const LIST = { permission: [P.agentList] } as const;
const ANY = { permission: 'authenticated' } as const;
/** Also open to a session that must first replace a one-time password. */
const ONE_TIME_OK = { permission: 'authenticated', passwordChange: true } as const;

export default async function userReadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, limiter } = app;

  app.post(
    '/user/findById',
    { schema: { tags, body: IdBody, response: replies(UserInfo) }, config: { access: ANY } },
    async (req) => ok(await findById(db, authOf(req), req.body.id)),
  );

  app.post(
    '/user/findAllUser',
    {
      schema: {
        tags,
        description: 'Accounts directly under id',
        body: IdBody,
        response: replies(Type.Array(UserInfo)),
      },
      config: { access: LIST },
    },
    async (req) => ok(await findChildren(db, authOf(req), req.body.id)),
  );

  app.post(
    '/user/findAllUserV2',
    {
      schema: {
        tags,
        description:
          'The subtree of id as rows [id, parentId, ancestors, username, nickname, role, deviceCount, saleCount]',
        body: IdBody,
        response: replies(Type.Array(AgentRow)),
      },
      config: { access: LIST },
    },
    async (req) => ok(await subtreeRows(db, authOf(req), req.body.id)),
  );

  app.post(
    '/user/findAllAgentByIdV2',
    {
      schema: {
        tags,
        description: 'Like findAllUserV2, agent accounts only',
        body: IdBody,
        response: replies(Type.Array(AgentRow)),
      },
      config: { access: LIST },
    },
    async (req) => ok(await subtreeRows(db, authOf(req), req.body.id, true)),
  );

  const PageBody = Body({
    ...PageQuery,
    id: Type.Optional(Id()),
    username: Type.Optional(Name()),
    role: Type.Optional(Code()),
  });
  app.post(
    '/user/findAllUserByPage',
    { schema: { tags, body: PageBody, response: replies(Page(UserInfo)) }, config: { access: LIST } },
    async (req) => {
      const b = req.body;
      return ok(await findPage(db, authOf(req), b));
    },
  );

  const LikeBody = Body({
    selectName: Required(64),
    id: Type.Optional(Id()),
  });
  app.post(
    '/user/findLike',
    { schema: { tags, body: LikeBody, response: replies(Type.Array(UserInfo)) }, config: { access: LIST } },
    async (req) => {
      const b = req.body;
      return ok(await findLike(db, authOf(req), b.selectName, b.id));
    },
  );

  app.post(
    '/user/getFamily',
    {
      schema: {
        tags,
        description: 'The chain of accounts from the caller down to id',
        body: IdBody,
        response: replies(Type.Array(FamilyRow)),
      },
      config: { access: ANY },
    },
    async (req) => ok(await getFamily(db, authOf(req), req.body.id)),
  );

  app.post(
    '/user/findUsername',
    {
      schema: {
        tags,
        description: 'Whether a user name is taken (user names are global; answers are limited per caller and hour)',
        body: Body({ username: Name() }),
        response: replies(Type.Object({ exists: Type.Boolean() })),
      },
      config: { access: { permission: [P.agentAdd, P.agentChangeUsername] } },
    },
    async (req) => ok({ exists: await lookUpName(db, limiter, authOf(req).user.id, req.body.username, 'always') }),
  );

  app.post(
    '/user/userRelationimportNum',
    {
      schema: {
        tags,
        description: 'Import count of id and its sub-accounts',
        body: IdBody,
        response: replies(ImportNum),
      },
      config: { access: LIST },
    },
    async (req) => ok(await importNumOf(db, authOf(req), req.body.id)),
  );

  const RecordBody = Body({ ...PageQuery, id: Type.Optional(Id()) });
  app.post(
    '/user/findImportNumRecord',
    { schema: { tags, body: RecordBody, response: replies(ImportNumRecordPage) }, config: { access: LIST } },
    async (req) => ok(await importNumRecordsOf(db, authOf(req), req.body)),
  );

  app.post(
    '/user/checkUserPassword',
    {
      schema: {
        tags,
        description: "Checks the caller's current password",
        body: Body({ password: Text(PASSWORD_MAX) }),
        response: replies(Type.Boolean({ description: 'Whether the password is right' })),
      },
      config: { access: ONE_TIME_OK },
    },
    async (req) => ok(await checkOwnPassword(limiter, authOf(req), req.body.password)),
  );

  app.get(
    '/user/checkPassword',
    {
      schema: {
        tags,
        description: 'Whether the caller still uses the default password, or a one-time one it must change',
        querystring: NoInput(),
        response: replies(Type.Object({ isDefault: Type.Boolean() })),
      },
      config: { access: ONE_TIME_OK },
    },
    async (req) => {
      // No guess of the caller's: it compares with the known default, not rate-limited.
      const { user } = authOf(req);
      return ok({ isDefault: user.mustChangePassword || (await verifyPassword(user.passwordHash, app.config.defaultPassword)) });
    },
  );
}
