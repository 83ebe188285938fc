import { ROLE } from '../../../config/roles';
import { parseDate, validateExpiryPair } from '../../../src/domain/validators';
import { badField, badRequest } from '../../lib/errors';
import { runDeviceBatch, type BatchContext, type BatchResult, type BatchSpec } from '../batch/run';
import { previewMove } from './batch-preview';
import { loadDescendant } from '../scope';
import type { BatchRequest } from './batch-ops';

/** Roles a device can be sold to: the customers of an agent (end users, fleet supervisors). */
export const CUSTOMER_ROLES: readonly number[] = [ROLE.user, ROLE.superUser];

export interface SaleRequest extends BatchRequest {
  userId: number;
  /** The customer's own expiry for the sold devices; never later than the platform expiry. */
  userExpireAt?: string | null;
}

/**
 * userSale: devices go to a customer account below the caller. The importing agent
 * (devices.agent_id) stays, so each sold device counts in that agent's saleNum (devices it
 * imported now owned by someone else, owner-counts.ts). Per device: in the caller's scope, not
 * already the customer's, and the new user expiry within the platform expiry.
 */
async function saleSpec(ctx: BatchContext, req: SaleRequest) {
  const customer = await loadDescendant(ctx.db, ctx.auth, req.userId);
  if (!CUSTOMER_ROLES.includes(customer.role)) throw badRequest('saleTargetNotCustomer');
  const userExpireAt = parseDate(req.userExpireAt);
  if (req.userExpireAt && !userExpireAt) throw badField('dateInvalid', 'userExpireAt');
  const spec: BatchSpec = {
    check: (d) =>
      d.userId === customer.id
        ? 'deviceAlreadyOwned'
        : userExpireAt
          ? validateExpiryPair(d.platformExpireAt, userExpireAt)
          : null,
    set: { userId: customer.id, ...(userExpireAt ? { userExpireAt } : {}) },
  };
  return { customer, spec };
}

export async function sellDevices(ctx: BatchContext, req: SaleRequest): Promise<BatchResult> {
  return runDeviceBatch(ctx, req, (await saleSpec(ctx, req)).spec);
}

/** What sellDevices would do now (its dry run): the devices, their owners, the customer. */
export async function previewSale(ctx: BatchContext, req: SaleRequest) {
  const { customer, spec } = await saleSpec(ctx, req);
  return previewMove(ctx, req, spec, customer);
}
