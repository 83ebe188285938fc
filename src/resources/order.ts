import { ProfileOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { screen, type ResourceDescriptor } from './types';

/**
 * The renewal orders of the user's own devices. The matrix has no order permission, so the list is
 * open to the reseller area: everyone who monitors devices (admin, agent, superUser, user).
 */
export const orderResources: ResourceDescriptor[] = [
  screen('orderList', '/index/order/list', [P.monitor], { icon: ProfileOutlined }),
];
