import { PayCircleOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/**
 * Online payment back office (issue 14): the orders paid to the caller's subtree and their
 * refunds, the agent's payment accounts, renewal prices and discount codes. pay:manage is held
 * by agents (for their own subtree) and by the administrator through the wildcard.
 */
const MANAGE = [P.payManage] as const;
const generic = () => import('./pay/screens').then((m) => m.PAY_SCREENS);

export const payResources: ResourceDescriptor[] = [
  group('payGroup', PayCircleOutlined),
  ...inGroup('payGroup', [
    screen('payOrders', '/index/pay/orders', MANAGE, { generic }),
    screen('wxRefund', '/index/pay/wxRefund', MANAGE, { generic }),
    screen('agentAccount', '/index/pay/CAgentAccount', MANAGE, { generic }),
    screen('renewPrice', '/index/pay/renewPrice', MANAGE, { generic }),
    screen('discountCode', '/index/pay/discountCode', MANAGE, { generic }),
  ]),
];
