import { ProfileOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { screen, type ResourceDescriptor } from './types';

const RenewPage = lazy(() => import('../pages/pay/RenewPage'));
const generic = () => import('./order/screens').then((m) => m.ORDER_SCREENS);

/**
 * The caller's own renewal orders, and the online renewal they come from (issue 14). Renewing
 * online is `order:pay` (agent, superUser, user; the administrator holds everything).
 */
export const orderResources: ResourceDescriptor[] = [
  screen('orderList', '/index/order/list', [P.orderPay], {
    icon: ProfileOutlined,
    generic,
  }),
  // Opened from the order list and the device panel, so it has no menu entry (nor label) of its
  // own: its page carries its title. It offers every way the account has (issue 32): its own
  // renewal cards and online payment.
  screen('orderRenew', '/index/order/renew', [P.orderPay, P.cardRenew], {
    labelKey: 'orderList',
    hidden: true,
    page: RenewPage,
  }),
];
