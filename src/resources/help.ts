import { QuestionCircleOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Help for the reseller area's apps, its HTTP interface and the PC client. */
export const helpResources: ResourceDescriptor[] = [
  group('helpGroup', QuestionCircleOutlined),
  ...inGroup('helpGroup', [
    screen('helpApp', '/index/help/app', [P.monitor], {
      page: lazy(() => import('../pages/help/GuidePage').then((m) => ({ default: m.AppHelpPage }))),
    }),
    screen('helpInterface', '/index/help/interface', [P.monitor], {
      page: lazy(() => import('../pages/help/InterfacePage')),
    }),
    screen('helpPc', '/index/help/pc', [P.monitor], {
      page: lazy(() => import('../pages/help/GuidePage').then((m) => ({ default: m.PcHelpPage }))),
    }),
  ]),
];
