import { BarcodeOutlined, CreditCardOutlined, DatabaseOutlined, FileTextOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** Device logs, SIM cards, stock and ICCIDs. */
export const logisticsResources: ResourceDescriptor[] = [
  group('logGroup', FileTextOutlined),
  ...inGroup('logGroup', [
    screen('logSearch', '/test/log/search', [P.testLog]),
    screen('logMonitor', '/test/log/monitor', [P.testLog]),
    screen('logCmdTask', '/test/log/cmdTask', [P.testLog]),
    screen('logDeviceState', '/test/log/deviceState', [P.testLog]),
  ]),
  group('cardGroup', CreditCardOutlined),
  ...inGroup('cardGroup', [
    screen('cardSearch', '/test/card/cardSearch', [P.testSimMatch]),
    screen('cardClear', '/test/card/cardClear', [P.testSimClear]),
  ]),
  group('stockGroup', DatabaseOutlined),
  ...inGroup('stockGroup', [
    screen('stockDevice', '/test/stock/stockDevice', [P.testStock]),
    screen('importDevice', '/test/stock/importDevice', [P.testStock]),
    screen('importImei', '/test/stock/importImei', [P.testStock]),
    screen('stockRemoval', '/test/stock/Removal', [P.testStock]),
  ]),
  screen('iccid', '/test/iccid', [P.testIccid], { icon: BarcodeOutlined }),
];
