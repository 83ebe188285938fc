import { SettingOutlined } from '@ant-design/icons';
import { WILDCARD_PERMISSION } from '../../config/roles';
import { DEMO_ACCOUNT_ENTITY, DEMO_ACCOUNT_VIEW } from './system/demoAccount';
import { MAP_KEY_ENTITY, MAP_KEY_VIEW } from './system/mapKey';
import { apiKeyResource } from './system/apiKey';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Platform settings: the demo account, the map key and the api key. Admin only. */
const ADMIN = [WILDCARD_PERMISSION] as const;

export const systemResources: ResourceDescriptor[] = [
  group('systemGroup', SettingOutlined),
  ...inGroup('systemGroup', [
    screen('demoAccountSet', '/index/system/demoAccountSet', ADMIN, {
      entity: DEMO_ACCOUNT_ENTITY,
      view: DEMO_ACCOUNT_VIEW,
    }),
    screen('mapKey', '/index/system/mapKey', ADMIN, { entity: MAP_KEY_ENTITY, view: MAP_KEY_VIEW }),
    apiKeyResource,
  ]),
];
