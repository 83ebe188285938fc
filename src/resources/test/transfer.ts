import { SwapOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { TRANSFER_ENTITY as entity } from '../transfer/fields';
import { TRANSFER_VIEWS as V } from '../transfer/views';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** IP transfer: send trackers a new server address, then check which reconnected there. */
export const transferResources: ResourceDescriptor[] = [
  group('transferIpGroup', SwapOutlined),
  ...inGroup('transferIpGroup', [
    screen('transferIp', '/test/transferIp/transferIp', [P.testTransferIp], { entity, view: V.send }),
    screen(
      'transferIpResult',
      '/test/transferIp/transferIpResult',
      [P.testTransferIpResult, P.testTransferIp],
      {
        entity,
        view: V.devices,
      },
    ),
    screen(
      'transferIpResults',
      '/test/transferIp/transferIpResults',
      [P.testTransferIpResult, P.testTransferIp],
      { entity, view: V.transfers },
    ),
  ]),
];
