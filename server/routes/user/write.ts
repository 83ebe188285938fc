import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS as P } from '../../../config/roles';
import { IdBody, ok } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import { Body, Code, DateTime, Id, IdList, Int, Name, Text, Type } from '../../lib/schema/primitives';
import { IMPORT_NUM_CHANGE_MAX, NAME_MAX, PASSWORD_MAX, REMARK_MAX } from '../../../src/domain/limits';
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
import { Row, replies, repliesNull } from '../../lib/schema/response';
import { ItemResults, UserInfo } from './responses';

const tags = ['user'];
const write = (...permission: string[]) => ({ permission, write: true });

const Str = (max: number) => Type.Optional(Text(max));
const AccountFields = {
  nickname: Str(NAME_MAX),
  realname: Str(NAME_MAX),
  telephone: Str(32),
  email: Str(128),
  address: Str(REMARK_MAX),
  remark: Str(REMARK_MAX),
  expireAt: Type.Optional(Type.Union([DateTime(), Type.Null()])),
};
const NewAccount = Body({
  parentId: Type.Optional(Id()),
  username: Name(),
  password: Text(PASSWORD_MAX),
  role: Code(),
  ...AccountFields,
});

export default async function userWriteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, limiter } = app;

  app.post(
    '/user/insertUser',
    {
      schema: { tags, body: NewAccount, response: replies(UserInfo, 'The new account') },
      config: { access: write(P.agentAdd) },
    },
    async (req) => ok(toUserInfo(await insertUser(db, limiter, authOf(req), req.body))),
  );

  app.post(
    '/user/importUser',
    {
      schema: {
        tags,
        description: 'Creates many accounts; each row succeeds or fails on its own',
        body: Body({ users: Type.Array(NewAccount, { minItems: 1, maxItems: 5000 }) }),
        response: replies(
          ItemResults(
            Row({ username: Type.String(), role: Type.Integer() }, { description: 'The row as sent' }),
          ),
          'One result per row, in the order sent',
        ),
      },
      config: { access: write(P.agentAdd) },
    },
    async (req) => ok(await importUsers(db, limiter, authOf(req), req.body.users)),
  );

  const Changes = Body({
    id: Id(),
    ...AccountFields,
    idCard: Str(32),
    password: Str(PASSWORD_MAX),
    oldPassword: Str(PASSWORD_MAX),
    importThirdParty: Type.Optional(Type.Boolean()),
  });
  // Any account may edit itself (own password, contact details); editing another needs agent:edit.
  app.post(
    '/user/updateUser',
    {
      schema: { tags, body: Changes, response: repliesNull() },
      // Also the way out of a one-time password (accounts/write.ts allows only that change then).
      config: { access: { permission: 'authenticated', write: true, passwordChange: true } },
    },
    async (req) => {
      await updateUser(db, limiter, authOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/user/updateUserName',
    {
      schema: {
        tags,
        body: Body({ id: Id(), username: Name() }),
        response: repliesNull(),
      },
      config: { access: write(P.agentChangeUsername) },
    },
    async (req) => {
      await updateUserName(db, limiter, authOf(req), req.body.id, req.body.username);
      return ok(null);
    },
  );

  app.post(
    '/user/updateRole',
    {
      schema: { tags, body: Body({ id: Id(), role: Code() }), response: repliesNull() },
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
      schema: {
        tags,
        description:
          'Gives a sub-account a new random password, answered here once; its first login must change it',
        body: IdBody,
        response: replies(
          Row({ password: Type.String({ description: 'The one-time password: shown once, never stored in clear' }) }),
        ),
      },
      config: { access: write(P.agentResetPwd) },
    },
    async (req) => ok(await resetPassword(db, authOf(req), req.body.id)),
  );

  app.post(
    '/user/deleteUser',
    {
      schema: { tags, body: IdBody, response: repliesNull() },
      config: { access: write(P.agentDel), liveScope: true },
    },
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
        body: Body({ ids: IdList(1000, { minItems: 1 }) }),
        response: replies(ItemResults(Type.Integer({ description: 'The account id' })), 'One result per id'),
      },
      config: { access: write(P.agentDel), liveScope: true },
    },
    async (req) => ok(await deleteMany(db, authOf(req), req.body.ids)),
  );

  app.post(
    '/user/transferAgent',
    {
      schema: {
        tags,
        description: 'Moves account id (with its subtree) under account user_id',
        body: Body({ id: Id(), user_id: Id() }),
        response: repliesNull(),
      },
      config: { access: write(P.agentTransfer), liveScope: true },
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
        body: Body({
          id: Id(),
          num: Int(-IMPORT_NUM_CHANGE_MAX, IMPORT_NUM_CHANGE_MAX),
          remark: Str(REMARK_MAX),
        }),
        response: repliesNull(),
      },
      config: { access: write(P.agentImportNum) },
    },
    async (req) => {
      await addImportNum(db, authOf(req), req.body.id, req.body.num, req.body.remark ?? '');
      return ok(null);
    },
  );
}
