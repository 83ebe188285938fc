import { SettingOutlined } from '@ant-design/icons';
import { WILDCARD_PERMISSION } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Platform settings: the demo account, the map key and the api key. Admin only. */
const ADMIN = [WILDCARD_PERMISSION] as const;

export const systemResources: ResourceDescriptor[] = [
  group('systemGroup', SettingOutlined),
  ...inGroup('systemGroup', [
    screen('demoAccountSet', '/index/system/demoAccountSet', ADMIN),
    screen('mapKey', '/index/system/mapKey', ADMIN),
    screen('apiKey', '/index/system/apiKey', ADMIN),
  ]),
];
