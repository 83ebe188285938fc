import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { EntityDescriptor } from '../../resources/types';
import type { ColumnSpec } from './derive';
import { optionText } from './derive';
import type { AgentTreeNode } from '../../domain/hierarchy';

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
  if (value === null || value === undefined || value === '') return <>-</>;
  const { field } = spec;
  if (Array.isArray(value)) return <>{value.join(' / ')}</>;
  if (field.type === 'datetime' || field.type === 'date') {
    const d = dayjs(value as string);
    return (
      <>{d.isValid() ? d.format(field.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm') : String(value)}</>
    );
  }
  if (field.type === 'boolean') return <>{t(value ? 'device:generic.yes' : 'device:generic.no')}</>;
  if (field.type === 'account') return <>{accounts?.get(Number(value))?.username ?? String(value)}</>;
  const option = spec.options?.get(value as string | number);
  if (option) {
    const text = optionText(entity, option, t);
    return option.color ? <Tag color={option.color}>{text}</Tag> : <>{text}</>;
  }
  return <>{String(value)}</>;
}
