import { BarcodeOutlined, CreditCardOutlined, DatabaseOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

const generic = () => import('../stock/screens').then((m) => m.STOCK_SCREENS);

/** SIM cards, stock and ICCIDs (issue 15, part 5; docs/factory/stock.md). */
export const logisticsResources: ResourceDescriptor[] = [
  group('cardGroup', CreditCardOutlined),
  ...inGroup('cardGroup', [
    screen('cardSearch', '/test/card/cardSearch', [P.testSimMatch], { generic }),
    screen('cardClear', '/test/card/cardClear', [P.testSimClear], { generic }),
  ]),
  group('stockGroup', DatabaseOutlined),
  ...inGroup('stockGroup', [
    screen('stockDevice', '/test/stock/stockDevice', [P.testStock], { generic }),
    screen('importDevice', '/test/stock/importDevice', [P.testStock], { generic }),
    screen('importImei', '/test/stock/importImei', [P.testStock], { generic }),
    screen('stockRemoval', '/test/stock/Removal', [P.testStock], { generic }),
    screen(
      'stockRecords',
      '/test/stock/records',
      [P.testStock, P.testSimMatch, P.testSimClear, P.testIccid],
      {
        generic,
      },
    ),
  ]),
  screen('iccid', '/test/iccid', [P.testIccid], { generic, icon: BarcodeOutlined }),
];
