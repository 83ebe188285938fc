import { SwapOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

const generic = () => import('../transfer/screens').then((m) => m.TRANSFER_SCREENS);

/** IP transfer: send trackers a new server address, then check which reconnected there. */
export const transferResources: ResourceDescriptor[] = [
  group('transferIpGroup', SwapOutlined),
  ...inGroup('transferIpGroup', [
    screen('transferIp', '/test/transferIp/transferIp', [P.testTransferIp], { generic }),
    screen(
      'transferIpResult',
      '/test/transferIp/transferIpResult',
      [P.testTransferIpResult, P.testTransferIp],
      {
        generic,
      },
    ),
    screen(
      'transferIpResults',
      '/test/transferIp/transferIpResults',
      [P.testTransferIpResult, P.testTransferIp],
      { generic },
    ),
  ]),
];
