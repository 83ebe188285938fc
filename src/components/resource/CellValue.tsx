import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EntityDescriptor } from '../../resources/types';
import type { ColumnSpec } from './derive';
import type { AgentTreeNode } from '../../domain/hierarchy';
import { cellText } from './reportLogic';

/**
 * One value shown by its field type: dates on the account's clock, enums as labels or tags, accounts by
 * name. A computed field takes its value from the whole `row`.
 */
export function CellValue({
  entity,
  spec,
  value: own,
  row,
  accounts,
}: {
  entity: EntityDescriptor;
  spec: ColumnSpec;
  value: unknown;
  row?: Record<string, unknown>;
  accounts?: Map<number, AgentTreeNode>;
}) {
  const { t } = useTranslation();
  const value = spec.field.value && row ? spec.field.value(row) : own;
  const text = cellText(entity, spec, value, t, accounts, '-');
  const option = value == null || spec.field.format ? undefined : spec.options?.get(value as string | number);
  if (option?.color) return <Tag color={option.color}>{text}</Tag>;
  if (spec.field.link && row) return <Link to={spec.field.link(row)}>{text}</Link>;
  if (spec.field.copyable && value != null && value !== '')
    return <Typography.Text copyable>{text}</Typography.Text>;
  return <>{text}</>;
}
