import { QuestionCircleOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/** Help for the reseller area's apps, its HTTP interface and the PC client. */
export const helpResources: ResourceDescriptor[] = [
  group('helpGroup', QuestionCircleOutlined),
  ...inGroup('helpGroup', [
    screen('helpApp', '/index/help/app', [P.monitor]),
    screen('helpInterface', '/index/help/interface', [P.monitor]),
    screen('helpPc', '/index/help/pc', [P.monitor]),
  ]),
];
