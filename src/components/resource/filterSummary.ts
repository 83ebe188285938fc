import type { AgentTreeNode } from '../../domain/hierarchy';
import type { EntityDescriptor } from '../../resources/types';
import { fieldOf, labelKeyOf, optionText, type Translate } from './derive';

/** Values of a many-valued filter shown before "+N" (a long IMEI list stays one line). */
export const SUMMARY_VALUES_MAX = 3;

export interface FilterLine {
  name: string;
  label: string;
  text: string;
}

/**
 * The filters a list applies, as lines a person reads ("Devices: 8632…, 1379…", "Date range:
 * 2026-11-21 – 2026-11-28"), from the request fields the list sends (`body`): what an action
 * on every matching row will cover. Empty filters, those left at their start value (they do
 * not narrow: "include sub-accounts: yes") and those in `skip` are left out.
 */
export function filterSummary(
  entity: EntityDescriptor,
  names: readonly string[],
  body: Record<string, unknown>,
  t: Translate,
  accounts?: Map<number, AgentTreeNode>,
  skip: readonly string[] = [],
): FilterLine[] {
  const lines: FilterLine[] = [];
  for (const name of names) {
    const field = fieldOf(entity, name);
    const param = field.param ?? name;
    if (skip.includes(name) || skip.includes(param)) continue;
    let text: string | null;
    if (field.type === 'dateRange') {
      text = body.startDate && body.endDate ? `${String(body.startDate)} – ${String(body.endDate)}` : null;
    } else {
      const value = body[param];
      text =
        field.initialValue !== undefined && value === field.initialValue
          ? null
          : valueText(entity, name, value, t, accounts);
    }
    if (text) lines.push({ name, label: t(labelKeyOf(entity, name)), text });
  }
  return lines;
}

function valueText(
  entity: EntityDescriptor,
  name: string,
  value: unknown,
  t: Translate,
  accounts?: Map<number, AgentTreeNode>,
): string | null {
  if (value === undefined || value === null || value === '') return null;
  const field = fieldOf(entity, name);
  const one = (v: unknown): string => {
    if (field.type === 'account') return accounts?.get(Number(v))?.username ?? String(v);
    if (field.type === 'boolean') return t(v ? 'device:generic.yes' : 'device:generic.no');
    const option = field.options?.find((o) => o.value === v);
    return option ? optionText(entity, option, t) : String(v);
  };
  if (!Array.isArray(value)) return one(value);
  if (value.length === 0) return null;
  const shown = value.slice(0, SUMMARY_VALUES_MAX).map(one).join(', ');
  const more = value.length - SUMMARY_VALUES_MAX;
  return more > 0 ? `${shown} +${more}` : shown;
}
