import { eq } from 'drizzle-orm';
import {
  parseDate,
  validateExpireType,
  validateExpiryPair,
  validateExpiryRequest,
  validateHost,
  validateIconType,
  validatePassword,
  validateTimezone,
} from '../../../src/domain/validators';
import type { MessageKey } from '../../../src/domain/messages';
import { deviceTypes } from '../../db/schema/device-types';
import { badRequest } from '../../lib/errors';
import { runDeviceBatch, type BatchContext, type BatchSpec } from '../batch/run';
import { previewMove } from './batch-preview';
import { hashPassword, newDeviceSecret } from '../passwords';
import { deleteDeviceSessions } from '../sessions';
import { devicePasswordProblem } from '../../../src/domain/device-password';
import { loadInScope } from '../scope';

/** The batch device operations of docs/api/devices.md, each a rule plus one change. */
export interface BatchRequest {
  terminalIDs: string[];
  batchId?: string;
}

const check = (key: MessageKey | null) => {
  if (key) throw badRequest(key);
};

/** deviceTransform: to an account of the caller's subtree, never to the device's current owner. */
async function transferSpec(ctx: BatchContext, userId: number) {
  const target = await loadInScope(ctx.db, ctx.auth, userId);
  const spec: BatchSpec = {
    check: (d) => (d.userId === target.id ? 'deviceAlreadyOwned' : null),
    set: { userId: target.id },
  };
  return { target, spec };
}

export async function transferDevices(ctx: BatchContext, req: BatchRequest & { userId: number }) {
  return runDeviceBatch(ctx, req, (await transferSpec(ctx, req.userId)).spec);
}

/** What transferDevices would do now (its dry run): the devices, their owners, the new owner. */
export async function previewTransfer(ctx: BatchContext, req: BatchRequest & { userId: number }) {
  const { target, spec } = await transferSpec(ctx, req.userId);
  return previewMove(ctx, req, spec, target);
}

export function updateIconType(ctx: BatchContext, req: BatchRequest & { iconType: number }) {
  check(validateIconType(req.iconType));
  return runDeviceBatch(ctx, req, { set: { iconType: req.iconType } });
}

export async function changeDeviceType(ctx: BatchContext, req: BatchRequest & { deviceType: string }) {
  const [type] = await ctx.db
    .select({ name: deviceTypes.name })
    .from(deviceTypes)
    .where(eq(deviceTypes.name, req.deviceType))
    .limit(1);
  if (!type) throw badRequest('deviceTypeUnknown');
  return runDeviceBatch(ctx, req, { set: { deviceType: type.name } });
}

export function updateTimezone(ctx: BatchContext, req: BatchRequest & { timezone: number }) {
  check(validateTimezone(req.timezone));
  return runDeviceBatch(ctx, req, { set: { timezone: req.timezone } });
}

export function updateExpireType(ctx: BatchContext, req: BatchRequest & { expireType: number }) {
  check(validateExpireType(req.expireType));
  return runDeviceBatch(ctx, req, { set: { expireType: req.expireType } });
}

/**
 * deviceUpdateTime: the platform and/or user expiry. The user expiry may not be later than the
 * platform expiry; a side not being changed is the device's stored value, so that rule is
 * checked per device.
 */
export function updateExpiry(
  ctx: BatchContext,
  req: BatchRequest & { platformExpireAt?: string | null; userExpireAt?: string | null },
) {
  check(validateExpiryRequest(req.platformExpireAt, req.userExpireAt));
  const platform = parseDate(req.platformExpireAt);
  const user = parseDate(req.userExpireAt);
  return runDeviceBatch(ctx, req, {
    check: (d) => validateExpiryPair(platform ?? d.platformExpireAt, user ?? d.userExpireAt),
    set: { ...(platform ? { platformExpireAt: platform } : {}), ...(user ? { userExpireAt: user } : {}) },
  });
}

export function updateHost(ctx: BatchContext, req: BatchRequest & { host: string }) {
  const host = req.host.trim();
  check(validateHost(host));
  return runDeviceBatch(ctx, req, { set: { host } });
}

/**
 * updatePwdByTerminalIds: a password the agent chose, for each device (argon2, one hash for
 * all); one any guesser would try first is refused per device. The devices' sessions end.
 */
export async function setDevicePassword(ctx: BatchContext, req: BatchRequest & { password: string }) {
  check(validatePassword(req.password));
  const passwordHash = await hashPassword(req.password);
  return runDeviceBatch(ctx, req, {
    check: (d) => devicePasswordProblem(req.password, d.terminalId),
    set: { passwordHash, passwordMustChange: false },
    onApplied: (ids) => deleteDeviceSessions(ctx.db, ids),
  });
}

/**
 * resetDevicePassword: each device a new random password of its own, answered this once (the
 * first device login with it must choose another); the devices' sessions end.
 */
export async function resetDevicePasswords(ctx: BatchContext, req: BatchRequest) {
  const drawn = new Map<string, string>();
  const result = await runDeviceBatch(ctx, req, {
    set: { passwordMustChange: true },
    setEach: (d) => {
      const secret = newDeviceSecret();
      drawn.set(d.terminalId, secret.password);
      return { passwordHash: secret.hash };
    },
    onApplied: (ids) => deleteDeviceSessions(ctx.db, ids),
  });
  const failed = new Set(result.failed.map((f) => f.terminalID));
  const passwords = [...drawn]
    .filter(([terminalID]) => !failed.has(terminalID))
    .map(([terminalID, password]) => ({ terminalID, password }));
  return { ...result, passwords };
}
