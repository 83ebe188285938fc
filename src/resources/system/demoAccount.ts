import { DEMO_AREA_NAMES } from '../../../config/demo-areas';
import type { EntityDescriptor, FormView } from '../types';

/**
 * The demoAccountSet screen (system setting `demoAccount`): which account is the demo, what it
 * may see (areas of config/demo-areas.ts, enforced by the server) and a reset of its data.
 */
export const DEMO_ACCOUNT_ENTITY: EntityDescriptor = {
  namespace: 'system',
  subject: 'system',
  fields: {
    userId: { type: 'account', required: true, labelKey: 'fields.demoAccount', helpKey: 'help.demoAccount' },
    areas: {
      type: 'select',
      multiple: true,
      buttons: true,
      options: DEMO_AREA_NAMES.map((a) => ({ value: a, labelKey: `areas.${a}` })),
      labelKey: 'fields.areas',
      helpKey: 'help.areas',
    },
  },
};

export const DEMO_ACCOUNT_VIEW: FormView = {
  kind: 'form',
  endpoint: '/system/demoAccount/save',
  load: '/system/demoAccount/get',
  result: 'message',
  submitKey: 'save',
  fields: ['userId', 'areas'],
  actions: [
    {
      name: 'reset',
      labelKey: 'reset.button',
      endpoint: '/system/demoAccount/reset',
      confirmKey: 'reset.confirm',
      danger: true,
      describe: () => ({ level: 'success', key: 'reset.done' }),
    },
  ],
};
