import { PAYMENT_TYPE } from '../../domain/codes';
import type { EntityField } from '../types';

type Row = Record<string, unknown>;

/**
 * The settings of an agent's payment account, per provider: the keys of PAYPAL_ACCOUNT_KEYS and
 * WECHAT_ACCOUNT_KEYS (server/services/payment/providers, docs/payment-providers.md). Each is
 * sent nested under `account`. Secrets never come back from the server, so an edit form has a
 * `…Keep` twin of each secret: not required, and left empty it keeps the stored value.
 */
interface AccountKey {
  key: string;
  secret?: boolean;
  /** A PEM key: several lines. */
  pem?: boolean;
}
const PAYPAL: readonly AccountKey[] = [
  { key: 'clientId' },
  { key: 'clientSecret', secret: true },
  { key: 'webhookId' },
  { key: 'mode' },
];
const WECHAT: readonly AccountKey[] = [
  { key: 'mchId' },
  { key: 'appId' },
  { key: 'serialNo' },
  { key: 'privateKey', secret: true, pem: true },
  { key: 'apiV3Key', secret: true },
  { key: 'platformPublicKey', pem: true },
  { key: 'platformSerial' },
];

const accountOf = (row: Row) => (row.account ?? {}) as Record<string, string>;

function keyField(k: AccountKey, keep: boolean): EntityField {
  const base: EntityField = {
    type: k.pem ? 'textarea' : k.secret ? 'password' : 'text',
    labelKey: `accountKeys.${k.key}`,
    param: `account.${k.key}`,
    maxLength: k.pem ? 4096 : 256,
  };
  if (k.key === 'mode')
    return {
      ...base,
      type: 'select',
      required: true,
      initialValue: 'sandbox',
      options: [
        { value: 'live', labelKey: 'modes.live' },
        { value: 'sandbox', labelKey: 'modes.sandbox' },
      ],
      value: (row) => accountOf(row).mode,
    };
  if (keep) return { ...base, helpKey: 'help.keepSecret' };
  return { ...base, required: true, value: k.secret ? undefined : (row) => accountOf(row)[k.key] };
}

const fieldsOf = (prefix: string, keys: readonly AccountKey[]) =>
  Object.fromEntries(
    keys.flatMap((k) => {
      const name = `${prefix}${k.key[0]!.toUpperCase()}${k.key.slice(1)}`;
      const own: [string, EntityField][] = [[name, keyField(k, false)]];
      return k.secret ? [...own, [`${name}Keep`, keyField(k, true)] as [string, EntityField]] : own;
    }),
  );

/** Form field names of a provider: for adding (secrets required) or editing (secrets kept). */
export const accountFormFields = (type: 'paypal' | 'wechat', edit: boolean): string[] => {
  const [prefix, keys] = type === 'paypal' ? ['pp', PAYPAL] : ['wx', WECHAT];
  return keys.map((k) => {
    const name = `${prefix}${k.key[0]!.toUpperCase()}${k.key.slice(1)}`;
    return k.secret && edit ? `${name}Keep` : name;
  });
};

const PROVIDER_NAME: Record<number, string> = {
  [PAYMENT_TYPE.paypal]: 'paypal',
  [PAYMENT_TYPE.weixinMiniprogram]: 'wechat',
};

/**
 * The address the provider must notify for this account (set on the PayPal app as a webhook;
 * WeChat Pay gets it with each order): the order and refund notices arrive there.
 */
export const notifyUrl = (row: Row) =>
  `${globalThis.location?.origin ?? ''}/api/pay/notify/${PROVIDER_NAME[Number(row.type)] ?? 'sandbox'}/${String(row.id)}`;

export const PAY_ACCOUNT_FIELDS: Record<string, EntityField> = {
  ...fieldsOf('pp', PAYPAL),
  ...fieldsOf('wx', WECHAT),
  type: {
    type: 'select',
    labelKey: 'fields.paymentType',
    options: [
      { value: PAYMENT_TYPE.paypal, labelKey: 'paymentTypes.paypal', color: 'blue' },
      { value: PAYMENT_TYPE.weixinMiniprogram, labelKey: 'paymentTypes.weixinMiniprogram', color: 'green' },
    ],
    width: 110,
  },
  // The account's own id at the provider: PayPal's client id or WeChat's merchant id.
  merchant: {
    type: 'text',
    value: (row) => accountOf(row).clientId ?? accountOf(row).mchId,
  },
  secretsSet: { type: 'text' },
  enabled: { type: 'boolean', initialValue: true, width: 80 },
  notifyUrl: { type: 'text', value: notifyUrl, copyable: true },
};
