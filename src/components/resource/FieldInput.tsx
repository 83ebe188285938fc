import { DatePicker, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityDescriptor } from '../../resources/types';
import { fieldOf, optionText } from './derive';
import { treeOptions, useAccounts } from './useAccounts';

interface Props {
  entity: EntityDescriptor;
  name: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  /** Account fields: accounts that may not be chosen. */
  disabledAccounts?: readonly number[];
}

/** The account picker: the caller's subtree as a searchable tree. */
function AccountSelect({ value, onChange, id, disabledAccounts }: Omit<Props, 'entity' | 'name'>) {
  const { roots, loading } = useAccounts();
  return (
    <TreeSelect
      id={id}
      data-testid="account-select"
      value={value as number | undefined}
      onChange={onChange}
      loading={loading}
      treeData={treeOptions(roots, disabledAccounts ? (n) => disabledAccounts.includes(n.id) : undefined)}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      allowClear
      style={{ minWidth: 220 }}
    />
  );
}

/** The input of one descriptor field, chosen by its type. */
export function FieldInput({ entity, name, value, onChange, id, disabledAccounts }: Props) {
  const { t } = useTranslation();
  const field = fieldOf(entity, name);
  const common = { id, value: value as never, onChange: onChange as never };
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...common} rows={3} maxLength={field.maxLength} />;
    case 'lines':
      return (
        <Input.TextArea
          {...common}
          rows={6}
          style={{ fontFamily: 'monospace' }}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    case 'number':
      return <InputNumber {...common} min={field.min} max={field.max} style={{ width: 180 }} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" maxLength={field.maxLength} />;
    case 'boolean':
      return <Switch id={id} checked={Boolean(value)} onChange={(v) => onChange?.(v)} />;
    case 'date':
      return <DatePicker {...common} style={{ width: 180 }} />;
    case 'datetime':
      return <DatePicker {...common} showTime style={{ width: 200 }} />;
    case 'account':
      return <AccountSelect {...common} disabledAccounts={disabledAccounts} />;
    case 'select':
      return (
        <Select
          {...common}
          allowClear={!field.required}
          mode={field.multiple ? 'multiple' : undefined}
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 160 }}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: optionText(entity, o, t) }))}
        />
      );
    default:
      return <Input {...common} maxLength={field.maxLength} allowClear />;
  }
}
