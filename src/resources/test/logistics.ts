import { BarcodeOutlined, CreditCardOutlined, DatabaseOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** SIM cards, stock and ICCIDs. */
export const logisticsResources: ResourceDescriptor[] = [
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
