import { CreditCardOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { PAY_ENTITY as entity } from './pay/fields';
import { PAY_VIEWS as V } from './pay/views';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

/**
 * Prepaid renewal cards (issue 14): the balances of an account and its sub-accounts with issue
 * and transfer, the card records, and renewing devices with cards. (`cardGroup` is the factory's
 * SIM card group, hence `prepaidCardGroup`.)
 */
export const cardResources: ResourceDescriptor[] = [
  group('prepaidCardGroup', CreditCardOutlined),
  ...inGroup('prepaidCardGroup', [
    screen('cardAccounts', '/index/card/accounts', [P.cardList], { entity, view: V.cardAccounts }),
    screen('cardRecords', '/index/card/records', [P.cardList], { entity, view: V.cardRecords }),
    screen('cardRenew', '/index/card/renew', [P.cardRenew], { entity, view: V.cardRenew }),
  ]),
];
