import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { LOGIN_CODE } from '../../../src/domain/codes';
import { MESSAGES, type MessageKey } from '../../../src/domain/messages';
import { devices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';
import { fail, ok } from '../../lib/envelope';
import { authOf, forgetAuth } from '../../plugins/auth';
import { notFound } from '../../lib/errors';
import { changeOwnDevicePassword } from '../../services/devices/own-password';
import { verifyPassword } from '../../services/passwords';
import { createSession, deleteSession } from '../../services/sessions';
import { sessionPayload } from '../../services/user-info';
import { serverBrands } from '../../services/brand';
import { Body, NoInput, Required, TerminalId } from '../../lib/schema/primitives';
import { replies, repliesNull } from '../../lib/schema/response';
import { SessionSchema } from './schemas';
import { NAME_MAX, PASSWORD_MAX } from '../../../src/domain/limits';

const LoginBody = Body({ username: Required(NAME_MAX), password: Required(PASSWORD_MAX) });
const CertBody = Body({ terminalID: TerminalId({ maxLength: 20 }), password: Required(PASSWORD_MAX) });

const loginFail = (reply: FastifyReply, code: number, key: MessageKey) =>
  reply.send(fail(code, MESSAGES[key], key));

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { config, limiter } = app;
  const distinct = config.loginCodes === 'distinct';
  // POST /api/login and each brand's own path (spec section 2: /bengps/login); all log in alike.
  const { loginPaths } = serverBrands(config.brand);

  async function login(
    req: FastifyRequest<{ Body: { username: string; password: string } }>,
    reply: FastifyReply,
  ) {
    const { username, password } = req.body;
    if (!(await limiter.allow(req.ip, username))) {
      return reply.code(429).send(fail(429, MESSAGES.tooManyAttempts, 'tooManyAttempts'));
    }
    const [user] = await app.db.select().from(users).where(eq(users.username, username)).limit(1);
    // Verify even for an unknown user so that timing does not reveal which names exist.
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) {
      await limiter.recordFailure(username, req.ip);
      if (!distinct) return loginFail(reply, LOGIN_CODE.wrongCredentials, 'wrongCredentials');
      return user
        ? loginFail(reply, LOGIN_CODE.wrongPassword, 'wrongPassword')
        : loginFail(reply, LOGIN_CODE.usernameError, 'usernameError');
    }
    if (user.expireAt && user.expireAt.getTime() < Date.now()) {
      return loginFail(reply, LOGIN_CODE.userExpired, 'userExpired');
    }
    await limiter.recordSuccess(username, req.ip);
    const token = await createSession(app.db, {
      userId: user.id,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      ttlSeconds: config.sessionTtlSeconds,
    });
    return ok(await sessionPayload(app.db, user, token));
  }

  for (const url of loginPaths) {
    app.post(
      url,
      {
        schema: { tags: ['auth'], body: LoginBody, response: replies(SessionSchema, 'The session') },
        config: { access: { public: true } },
      },
      login,
    );
  }

  app.post(
    '/loginByCert',
    {
      schema: {
        tags: ['auth'],
        description: 'Automatic login by device id and device password',
        body: CertBody,
        response: replies(SessionSchema, 'The session of the device owner, limited to that device'),
      },
      config: { access: { public: true } },
    },
    async (req, reply) => {
      const { terminalID, password } = req.body;
      if (!(await limiter.allow(req.ip, `device:${terminalID}`))) {
        return reply.code(429).send(fail(429, MESSAGES.tooManyAttempts, 'tooManyAttempts'));
      }
      const [device] = await app.db.select().from(devices).where(eq(devices.terminalId, terminalID)).limit(1);
      const valid = await verifyPassword(device?.passwordHash, password);
      if (!device || !valid || device.userId == null) {
        await limiter.recordFailure(`device:${terminalID}`, req.ip);
        return loginFail(reply, LOGIN_CODE.wrongCredentials, 'wrongCredentials');
      }
      const [owner] = await app.db.select().from(users).where(eq(users.id, device.userId)).limit(1);
      if (!owner) return loginFail(reply, LOGIN_CODE.wrongCredentials, 'wrongCredentials');
      const token = await createSession(app.db, {
        userId: owner.id,
        deviceId: device.id,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
        ttlSeconds: config.sessionTtlSeconds,
      });
      const session = await sessionPayload(app.db, owner, token, device.id);
      return ok({ ...session, mustChangePassword: device.passwordMustChange });
    },
  );

  app.post(
    '/device/changeOwnPassword',
    {
      schema: {
        tags: ['auth'],
        description:
          "A device login sets its device's password (required after an import or a reset); the device's other sessions end",
        body: Body({ password: Required(PASSWORD_MAX) }),
        response: repliesNull(),
      },
      config: { access: { permission: 'authenticated', passwordChange: true } },
    },
    async (req) => {
      const auth = authOf(req);
      // An account's own session has no device whose password this would set.
      if (auth.deviceId == null) throw notFound();
      await changeOwnDevicePassword(app.db, auth.deviceId, req.body.password, auth.tokenHash);
      forgetAuth(auth.tokenHash);
      return ok(null);
    },
  );

  app.post(
    '/logout',
    {
      schema: { tags: ['auth'], body: NoInput(), response: repliesNull() },
      config: { access: { permission: 'authenticated', passwordChange: true } },
    },
    async (req) => {
      const { tokenHash } = authOf(req);
      await deleteSession(app.db, tokenHash);
      forgetAuth(tokenHash);
      return ok(null);
    },
  );
}
