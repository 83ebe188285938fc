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

/** Factory commands and settings: single and batch commands, AGPS, NB subscriptions, device ids, platform configuration. */
export const commandResources: ResourceDescriptor[] = [
  screen('configPlatformForUser', '/test/configPlatformForUser', [P.testConfigPlatform], {
    icon: ControlOutlined,
  }),
  screen('cmdSend', '/test/cmdSend', [P.testBatchCmd], { icon: CodeOutlined }),
  group('mutiCmdGroup', ApiOutlined),
  ...inGroup('mutiCmdGroup', [
    screen('sendMutiCmd', '/test/mutiCmd/sendMutiCmd', [P.testBatchCmd]),
    screen('searchResultCmd', '/test/mutiCmd/searchResultCmd', [P.testBatchCmd]),
    screen('deviceBatchManage', '/test/mutiCmd/deviceBatchManage', [P.testBatchCmd]),
  ]),
  screen('agps', '/test/agps', [P.testAgps], { icon: GlobalOutlined }),
  screen('subscribe', '/test/setting/subscribe', [P.testNb], { icon: WifiOutlined }),
  // GW005 devices are provisioned by id; the id manager belongs to that permission.
  screen('idManager', '/test/idManager', [P.testGw005], { icon: IdcardOutlined }),
];
