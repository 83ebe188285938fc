import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { IdBody, ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import {
  deleteMany,
  deleteUser,
  importUsers,
  insertUser,
  resetPassword,
  transferAgent,
  updateRole,
  updateUser,
  updateUserName,
} from '../../services/accounts/write';
import { addImportNum } from '../../services/accounts/import-num';
import { toUserInfo } from '../../services/user-info';

const tags = ['user'];
const write = (...permission: string[]) => ({ permission, write: true });

const Str = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const AccountFields = {
  nickname: Str(64),
  realname: Str(64),
  telephone: Str(32),
  email: Str(128),
  address: Str(255),
  remark: Str(255),
  expireAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
};
const NewAccount = Type.Object({
  parentId: Type.Optional(Type.Integer({ minimum: 1 })),
  username: Type.String({ maxLength: 64 }),
  password: Type.String({ maxLength: 128 }),
  role: Type.Integer(),
  ...AccountFields,
});

export default async function userWriteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;

  app.post(
    '/user/insertUser',
    { schema: { tags, body: NewAccount }, config: { access: write(P.agentAdd) } },
    async (req) => ok(toUserInfo(await insertUser(db, authOf(req), req.body))),
  );

  app.post(
    '/user/importUser',
    {
      schema: {
        tags,
        description: 'Creates many accounts; each row succeeds or fails on its own',
        body: Type.Object({ users: Type.Array(NewAccount, { minItems: 1, maxItems: 5000 }) }),
      },
      config: { access: write(P.agentAdd) },
    },
    async (req) => ok(await importUsers(db, authOf(req), req.body.users)),
  );

  const Changes = Type.Object({
    id: Type.Integer({ minimum: 1 }),
    ...AccountFields,
    idCard: Str(32),
    password: Type.Optional(Type.String({ maxLength: 128 })),
    oldPassword: Type.Optional(Type.String({ maxLength: 128 })),
  });
  // Any account may edit itself (own password, contact details); editing another needs agent:edit.
  app.post(
    '/user/updateUser',
    { schema: { tags, body: Changes }, config: { access: { permission: 'authenticated', write: true } } },
    async (req) => {
      await updateUser(db, authOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/user/updateUserName',
    {
      schema: {
        tags,
        body: Type.Object({ id: Type.Integer({ minimum: 1 }), username: Type.String({ maxLength: 64 }) }),
      },
      config: { access: write(P.agentChangeUsername) },
    },
    async (req) => {
      await updateUserName(db, authOf(req), req.body.id, req.body.username);
      return ok(null);
    },
  );

  app.post(
    '/user/updateRole',
    {
      schema: { tags, body: Type.Object({ id: Type.Integer({ minimum: 1 }), role: Type.Integer() }) },
      config: { access: write(P.agentEdit) },
    },
    async (req) => {
      await updateRole(db, authOf(req), req.body.id, req.body.role);
      return ok(null);
    },
  );

  app.post(
    '/user/resetPassword',
    {
      schema: { tags, description: 'Resets a sub-account password to the default', body: IdBody },
      config: { access: write(P.agentResetPwd) },
    },
    async (req) => {
      await resetPassword(db, authOf(req), req.body.id, app.config.defaultPassword);
      return ok(null);
    },
  );

  app.post(
    '/user/deleteUser',
    { schema: { tags, body: IdBody }, config: { access: write(P.agentDel) } },
    async (req) => {
      await deleteUser(db, authOf(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/user/deleteAllUser',
    {
      schema: {
        tags,
        body: Type.Object({ ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }) }),
      },
      config: { access: write(P.agentDel) },
    },
    async (req) => ok(await deleteMany(db, authOf(req), req.body.ids)),
  );

  app.post(
    '/user/transferAgent',
    {
      schema: {
        tags,
        description: 'Moves account id (with its subtree) under account user_id',
        body: Type.Object({ id: Type.Integer({ minimum: 1 }), user_id: Type.Integer({ minimum: 1 }) }),
      },
      config: { access: write(P.agentTransfer) },
    },
    async (req) => {
      await transferAgent(db, authOf(req), req.body.id, req.body.user_id);
      return ok(null);
    },
  );

  app.post(
    '/user/addAgentImportNum',
    {
      schema: {
        tags,
        description: 'Gives (or with a negative num takes back) import counts of a sub-account',
        body: Type.Object({ id: Type.Integer({ minimum: 1 }), num: Type.Integer(), remark: Str(255) }),
      },
      config: { access: write(P.agentImportNum) },
    },
    async (req) => {
      await addImportNum(db, authOf(req), req.body.id, req.body.num, req.body.remark ?? '');
      return ok(null);
    },
  );
}
