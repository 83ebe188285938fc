import { DEVICE_PROTOCOL } from '../domain/codes';
import { protocolLabel } from '../domain/protocol-labels';
import type { FieldOption } from './types';

/** Options of a code table: each value labelled `<group>.<name>` in the descriptor's namespace. */
export const keyedOptions = (
  group: string,
  codes: Record<string, number | string>,
  colors: Record<string, string> = {},
): FieldOption[] =>
  Object.entries(codes).map(([name, value]) => ({
    value,
    labelKey: `${group}.${name}`,
    color: colors[name],
  }));

/** Protocol names are product names (src/domain/protocol-labels.ts): the same in every language. */
export const PROTOCOL_OPTIONS: FieldOption[] = Object.values(DEVICE_PROTOCOL).map((value) => ({
  value,
  label: protocolLabel(value),
}));
