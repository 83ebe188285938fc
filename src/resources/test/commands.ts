import {
  ApiOutlined,
  CodeOutlined,
  ControlOutlined,
  GlobalOutlined,
  IdcardOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { FACTORY_ENTITY as entity } from '../factory/fields';
import { FACTORY_VIEWS as V } from '../factory/views';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** Factory commands and settings: single and batch commands, AGPS, NB subscriptions, device ids, platform configuration. */
export const commandResources: ResourceDescriptor[] = [
  screen('configPlatformForUser', '/test/configPlatformForUser', [P.testConfigPlatform], {
    icon: ControlOutlined,
    entity,
    view: V.platforms,
  }),
  screen('configPlatformBatches', '/test/configPlatformForUser/batches', [P.testConfigPlatform], {
    hidden: true,
    entity,
    view: V.batches,
  }),
  screen('cmdSend', '/test/cmdSend', [P.testBatchCmd], { icon: CodeOutlined, entity, view: V.cmdSend }),
  group('mutiCmdGroup', ApiOutlined),
  ...inGroup('mutiCmdGroup', [
    screen('sendMutiCmd', '/test/mutiCmd/sendMutiCmd', [P.testBatchCmd], { entity, view: V.sendMutiCmd }),
    screen('searchResultCmd', '/test/mutiCmd/searchResultCmd', [P.testBatchCmd], { entity, view: V.results }),
    screen('deviceBatchManage', '/test/mutiCmd/deviceBatchManage', [P.testBatchCmd], {
      entity,
      view: V.deviceBatchManage,
    }),
  ]),
  screen('agps', '/test/agps', [P.testAgps], { icon: GlobalOutlined, entity, view: V.agps }),
  screen('subscribe', '/test/setting/subscribe', [P.testNb], {
    icon: WifiOutlined,
    entity,
    view: V.subscribe,
  }),
  // GW005 devices are provisioned by id; the id manager belongs to that permission.
  screen('idManager', '/test/idManager', [P.testGw005], { icon: IdcardOutlined, entity, view: V.ids }),
  screen('idManagerBind', '/test/idManager/bind', [P.testGw005], { hidden: true, entity, view: V.bind }),
];
