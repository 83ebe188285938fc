import { EnvironmentOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { screen, type ResourceDescriptor } from './types';

/** The monitor map: home page of the reseller area (admin, agent, superUser, user). */
export const monitorResources: ResourceDescriptor[] = [
  screen('home', '/index/home', [P.monitor], { icon: EnvironmentOutlined }),
];
