import type { TFunction } from 'i18next';
import { COMMAND_RESULT } from '../../domain/codes';
import { fuelReplyKind } from '../../domain/fuel-reply';

/** A device's reply in the user's language where it is a fuel cut or restore reply (spec section 8). */
export function replyText(reply: string | null | undefined, t: TFunction): string {
  if (!reply) return '';
  const kind = fuelReplyKind(reply);
  return kind ? t(`command:fuel.${kind}`) : reply;
}

const RESULT_NAMES: Record<number, 'success' | 'timeout' | 'error'> = {
  [COMMAND_RESULT.success]: 'success',
  [COMMAND_RESULT.timeout]: 'timeout',
  [COMMAND_RESULT.error]: 'error',
};

/** success, timeout or error for a result code (null while undecided). */
export const resultName = (result: number | null | undefined) =>
  result == null ? null : RESULT_NAMES[result];
