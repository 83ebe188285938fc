import { ApiOutlined, SettingOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P, WILDCARD_PERMISSION } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

const ADMIN = [WILDCARD_PERMISSION] as const;
const generic = () => import('./system/screens').then((m) => m.SYSTEM_SCREENS);

/**
 * Platform settings: the demo account and the map key (admin only), and the API keys, which
 * every account that sees the monitor may have (its page: two lists, system/apiKey.ts).
 */
export const systemResources: ResourceDescriptor[] = [
  group('systemGroup', SettingOutlined),
  ...inGroup('systemGroup', [
    screen('demoAccountSet', '/index/system/demoAccountSet', ADMIN, { generic }),
    screen('mapKey', '/index/system/mapKey', ADMIN, { generic }),
    screen('apiKey', '/index/system/apiKey', [P.monitor], {
      icon: ApiOutlined,
      page: lazy(() => import('../pages/system/ApiKeyPage')),
    }),
  ]),
];
