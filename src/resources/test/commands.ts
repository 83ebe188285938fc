import {
  ApiOutlined,
  CodeOutlined,
  ControlOutlined,
  GlobalOutlined,
  IdcardOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

const generic = () => import('../factory/screens').then((m) => m.FACTORY_SCREENS);

/** Factory commands and settings: single and batch commands, AGPS, NB subscriptions, device ids, platform configuration. */
export const commandResources: ResourceDescriptor[] = [
  screen('configPlatformForUser', '/test/configPlatformForUser', [P.testConfigPlatform], {
    icon: ControlOutlined,
    generic,
  }),
  screen('configPlatformBatches', '/test/configPlatformForUser/batches', [P.testConfigPlatform], {
    hidden: true,
    generic,
  }),
  screen('cmdSend', '/test/cmdSend', [P.testBatchCmd], { icon: CodeOutlined, generic }),
  group('mutiCmdGroup', ApiOutlined),
  ...inGroup('mutiCmdGroup', [
    screen('sendMutiCmd', '/test/mutiCmd/sendMutiCmd', [P.testBatchCmd], { generic }),
    screen('searchResultCmd', '/test/mutiCmd/searchResultCmd', [P.testBatchCmd], { generic }),
    screen('deviceBatchManage', '/test/mutiCmd/deviceBatchManage', [P.testBatchCmd], {
      generic,
    }),
  ]),
  screen('agps', '/test/agps', [P.testAgps], { icon: GlobalOutlined, generic }),
  screen('subscribe', '/test/setting/subscribe', [P.testNb], {
    icon: WifiOutlined,
    generic,
  }),
  // GW005 devices are provisioned by id; the id manager belongs to that permission.
  screen('idManager', '/test/idManager', [P.testGw005], { icon: IdcardOutlined, generic }),
  screen('idManagerBind', '/test/idManager/bind', [P.testGw005], { hidden: true, generic }),
];
