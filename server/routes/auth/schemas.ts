import { Nullable, Row } from '../../lib/schema/response';
import { Type } from '../../lib/schema/primitives';
import { UserInfo } from '../user/responses';

/** The account as the login answers it: the user info object, its token and the demo flag. */
const LoginUser = Type.Intersect([
  UserInfo,
  Row({
    token: Type.String(),
    demo: Type.Boolean({ description: 'The demo account (system setting demoAccount): read-only' }),
  }),
]);

/** A new session (server/services/user-info.ts sessionPayload). */
export const SessionSchema = Row({
  token: Type.String({ description: 'Send as the Authorization header of later calls' }),
  user: LoginUser,
  permissions: Type.Array(Type.String()),
  home: Nullable(Type.String({ description: 'The first page of the role' })),
  payAllowed: Type.Boolean(),
  deviceId: Nullable(Type.Integer({ description: 'Set when logged in by device (loginByCert)' })),
  mustChangePassword: Type.Boolean({
    description:
      'Logged in with a password the platform drew (an account reset: change it with updateUser; a device import or reset: POST /api/device/changeOwnPassword) before anything else answers',
  }),
});
