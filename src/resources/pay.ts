import { PayCircleOutlined } from '@ant-design/icons';
import { WILDCARD_PERMISSION } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/**
 * Online payment back office. The matrix (spec section 6) gives no role a payment permission,
 * so these screens are admin only (the wildcard) until it does.
 */
const ADMIN = [WILDCARD_PERMISSION] as const;

export const payResources: ResourceDescriptor[] = [
  group('payGroup', PayCircleOutlined),
  ...inGroup('payGroup', [
    screen('payOrders', '/index/pay/orders', ADMIN),
    screen('wxRefund', '/index/pay/wxRefund', ADMIN),
    screen('agentAccount', '/index/pay/CAgentAccount', ADMIN),
    screen('renewPrice', '/index/pay/renewPrice', ADMIN),
    screen('discountCode', '/index/pay/discountCode', ADMIN),
  ]),
];
