import { BranchesOutlined, RadiusSettingOutlined, SafetyOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/**
 * Areas drawn on the map: fences, risk points, vehicle check areas/points and bus routes.
 * The matrix has one permission for map areas (fence), so all of them use it.
 */
export const fenceResources: ResourceDescriptor[] = [
  group('fenceGroup', RadiusSettingOutlined),
  ...inGroup('fenceGroup', [
    screen('fenceList', '/index/fence/list', [P.fence], {
      page: lazy(() => import('../pages/fence/FenceListPage')),
    }),
    screen('fenceMulti', '/index/fence/multi', [P.fence], {
      page: lazy(() => import('../pages/fence/FenceMultiPage')),
    }),
    screen('riskPoint', '/index/riskPoint', [P.fence], {
      page: lazy(() => import('../pages/areas/AreaPage').then((m) => ({ default: m.RiskPointPage }))),
    }),
  ]),
  group('checkCarGroup', SafetyOutlined),
  ...inGroup('checkCarGroup', [
    screen('checkCarArea', '/index/checkCar/area', [P.fence], {
      page: lazy(() => import('../pages/areas/AreaPage').then((m) => ({ default: m.CheckAreaPage }))),
    }),
    screen('checkCarPoint', '/index/checkCar/point', [P.fence], {
      page: lazy(() => import('../pages/areas/AreaPage').then((m) => ({ default: m.CheckPointPage }))),
    }),
  ]),
  screen('busLineList', '/index/bus/busLineList', [P.fence], {
    icon: BranchesOutlined,
    page: lazy(() => import('../pages/bus/BusRoutePage')),
  }),
];
