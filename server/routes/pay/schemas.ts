import { CARD_TYPES, CURRENCIES, PAYMENT_TYPES } from '../../../src/domain/payment';
import { DateTime, Int, OneOf, Text, Token, Type } from '../../lib/schema/primitives';

export const CardTypeField = OneOf(CARD_TYPES);
export const PaymentTypeField = OneOf(PAYMENT_TYPES);
export const CurrencyField = OneOf(CURRENCIES);
export const OrderNo = Token(40, { minLength: 1 });
export const Remark = Type.Optional(Text(255));
export const TimeRange = {
  startTime: Type.Optional(DateTime()),
  endTime: Type.Optional(DateTime()),
};
/** Money in minor units (cents, fen). */
export const Minor = (max: number) => Int(0, max);
export const Format = Type.Optional(OneOf(['xlsx', 'csv'] as const));
