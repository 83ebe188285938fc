import { CreditCardOutlined } from '@ant-design/icons';
import { PERMISSIONS as P } from '../../config/roles';
import { group, inGroup, screen, type ResourceDescriptor } from './types';

// The cards' screens share the payment screens' registry (one entity).
const generic = () => import('./pay/screens').then((m) => m.PAY_SCREENS);

/**
 * Prepaid renewal cards (issue 14): the balances of an account and its sub-accounts with issue
 * and transfer, the card records, and renewing devices with cards. (`cardGroup` is the factory's
 * SIM card group, hence `prepaidCardGroup`.)
 */
export const cardResources: ResourceDescriptor[] = [
  group('prepaidCardGroup', CreditCardOutlined),
  ...inGroup('prepaidCardGroup', [
    screen('cardAccounts', '/index/card/accounts', [P.cardList], { generic }),
    screen('cardRecords', '/index/card/records', [P.cardList], { generic }),
    screen('cardRenew', '/index/card/renew', [P.cardRenew], { generic }),
  ]),
];
