import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityDescriptor } from '../../resources/types';
import type { ColumnSpec } from './derive';
import type { AgentTreeNode } from '../../domain/hierarchy';
import { cellText } from './reportLogic';

/** One value shown by its field type: dates in local time, enums as labels or tags, accounts by name. */
export function CellValue({
  entity,
  spec,
  value,
  accounts,
}: {
  entity: EntityDescriptor;
  spec: ColumnSpec;
  value: unknown;
  accounts?: Map<number, AgentTreeNode>;
}) {
  const { t } = useTranslation();
  const text = cellText(entity, spec, value, t, accounts, '-');
  const option = value == null || spec.field.format ? undefined : spec.options?.get(value as string | number);
  return option?.color ? <Tag color={option.color}>{text}</Tag> : <>{text}</>;
}
