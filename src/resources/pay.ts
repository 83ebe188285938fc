import { PayCircleOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { PAY_ENTITY as entity } from './pay/fields';
import { PAY_VIEWS as V } from './pay/views';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/**
 * Online payment back office (issue 14): the orders paid to the caller's subtree and their
 * refunds, the agent's payment accounts, renewal prices and discount codes. pay:manage is held
 * by agents (for their own subtree) and by the administrator through the wildcard.
 */
const MANAGE = [P.payManage] as const;

export const payResources: ResourceDescriptor[] = [
  group('payGroup', PayCircleOutlined),
  ...inGroup('payGroup', [
    screen('payOrders', '/index/pay/orders', MANAGE, { entity, view: V.orders }),
    screen('wxRefund', '/index/pay/wxRefund', MANAGE, { entity, view: V.refund }),
    screen('agentAccount', '/index/pay/CAgentAccount', MANAGE, { entity, view: V.accounts }),
    screen('renewPrice', '/index/pay/renewPrice', MANAGE, { entity, view: V.prices }),
    screen('discountCode', '/index/pay/discountCode', MANAGE, { entity, view: V.discountCodes }),
  ]),
];
