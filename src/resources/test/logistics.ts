import { BarcodeOutlined, CreditCardOutlined, DatabaseOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../../config/roles';
import { STOCK_ENTITY as entity } from '../stock/fields';
import { STOCK_VIEWS as V } from '../stock/views';
import { group, inGroup, screen, type ResourceDescriptor } from '../types';

/** SIM cards, stock and ICCIDs (issue 15, part 5; docs/factory/stock.md). */
export const logisticsResources: ResourceDescriptor[] = [
  group('cardGroup', CreditCardOutlined),
  ...inGroup('cardGroup', [
    screen('cardSearch', '/test/card/cardSearch', [P.testSimMatch], { entity, view: V.match }),
    screen('cardClear', '/test/card/cardClear', [P.testSimClear], { entity, view: V.clear }),
  ]),
  group('stockGroup', DatabaseOutlined),
  ...inGroup('stockGroup', [
    screen('stockDevice', '/test/stock/stockDevice', [P.testStock], { entity, view: V.stock }),
    screen('importDevice', '/test/stock/importDevice', [P.testStock], { entity, view: V.stockIn }),
    screen('importImei', '/test/stock/importImei', [P.testStock], { entity, view: V.ship }),
    screen('stockRemoval', '/test/stock/Removal', [P.testStock], { entity, view: V.removal }),
    screen(
      'stockRecords',
      '/test/stock/records',
      [P.testStock, P.testSimMatch, P.testSimClear, P.testIccid],
      {
        entity,
        view: V.records,
      },
    ),
  ]),
  screen('iccid', '/test/iccid', [P.testIccid], { entity, view: V.lookup, icon: BarcodeOutlined }),
];
