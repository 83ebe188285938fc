import { Nullable, Row, Stamp } from '../../lib/schema/response';
import { Type } from '../../lib/schema/primitives';

/** The account as the login answers it (server/services/user-info.ts toUserInfo). */
const LoginUser = Row({
  id: Type.Integer(),
  user_id: Type.Integer(),
  parentId: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  role: Type.Integer(),
  token: Type.String(),
  realname: Type.String(),
  telephone: Type.String(),
  email: Type.String(),
  address: Type.String(),
  idCard: Type.String(),
  ancestors: Type.String(),
  importNum: Type.Integer(),
  expireAt: Stamp(),
  remark: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  deviceNum: Type.Integer(),
  saleNum: Type.Integer(),
});

/** A new session (server/services/user-info.ts sessionPayload). */
export const SessionSchema = Row({
  token: Type.String({ description: 'Send as the Authorization header of later calls' }),
  user: LoginUser,
  permissions: Type.Array(Type.String()),
  home: Nullable(Type.String({ description: 'The first page of the role' })),
  payAllowed: Type.Boolean(),
  deviceId: Nullable(Type.Integer({ description: 'Set when logged in by device (loginByCert)' })),
});
